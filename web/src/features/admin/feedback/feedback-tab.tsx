import { ContactMessages } from '../contact/contact-messages';
import type { ContactColumns } from '../contact/contact-messages-table';
import { useT } from '@/lib/i18n/use-t';

/** docs/product-rules.md#admin-screens: 'Username, Details, Date, Mark as resolved'. */
const FEEDBACK_COLUMNS: ContactColumns = [
  ['username', 'admin.contact.column.username'],
  ['details', 'admin.contact.column.details'],
  ['date', 'admin.contact.column.date'],
  ['resolve', 'admin.contact.markResolved'],
];

/** The admin's 'Feedback' tab: what people sent through 'Contact Us!'. */
export function FeedbackTab() {
  const t = useT();
  return <ContactMessages caption={t('admin.tab.feedback')} columns={FEEDBACK_COLUMNS} />;
}
