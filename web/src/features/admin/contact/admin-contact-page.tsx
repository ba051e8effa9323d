import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ContactMessages } from './contact-messages';
import type { ContactColumns } from './contact-messages-table';

/** docs/product-rules.md#admin-screens: 'Name, Date, Details, Resolve'. */
const CONTACT_COLUMNS: ContactColumns = [
  ['username', 'Name'],
  ['date', 'Date'],
  ['details', 'Details'],
  ['resolve', 'Resolve'],
];

/** /admin/contact: the same messages as the Feedback tab, on a page of their own. */
export function AdminContactPage() {
  useDocumentTitle('User Contact Details');
  return (
    <section className="page admin-page">
      <h1>User Contact Details</h1>
      <ContactMessages caption="User Contact Details" columns={CONTACT_COLUMNS} />
    </section>
  );
}
