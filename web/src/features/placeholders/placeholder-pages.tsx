import { NoticePage } from '../../components/notice-page';

/** Screens registered now so every route of the spec answers; each arrives in a later issue. */
export const AdminHomePage = () => <NoticePage title="Admin" />;
export const AdminEditRestroomsPage = () => <NoticePage title="Edit bathrooms" />;
export const AdminCommentsPage = () => <NoticePage title="Feedback" />;
export const AdminUsersPage = () => <NoticePage title="Users" />;
