import { useDocumentTitle } from '@/hooks/use-document-title';
import { adminContactPath } from '@/lib/links/app-paths';
import { useT } from '@/lib/i18n/use-t';
import { BackToAdmin, OtherAdminPages } from '../shared/admin-pages-nav';
import { ContactMessages } from './contact-messages';
import type { ContactColumns } from './contact-messages-table';

/** docs/product-rules.md#admin-screens: 'Name, Date, Details, Resolve'. */
const CONTACT_COLUMNS: ContactColumns = [
  ['username', 'admin.column.name'],
  ['date', 'admin.contact.column.date'],
  ['details', 'admin.contact.column.details'],
  ['resolve', 'admin.contact.column.resolve'],
];

/** /admin/contact: the same messages as the Feedback tab, on a page of their own, with the way back to /admin. */
export function AdminContactPage() {
  const t = useT();
  const title = t('admin.contact.title');
  useDocumentTitle(title);
  return (
    <section className="page admin-page">
      <BackToAdmin />
      <h1>{title}</h1>
      <OtherAdminPages current={adminContactPath} />
      <ContactMessages caption={title} columns={CONTACT_COLUMNS} />
    </section>
  );
}
