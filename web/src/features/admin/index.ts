// What other admin screens outside this folder (imports, the API tools) share with /admin: the way back and the other pages.
export { BackToAdmin, OtherAdminPages } from './shared/admin-pages-nav';
