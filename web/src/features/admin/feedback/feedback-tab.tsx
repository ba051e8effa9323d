import { ContactMessages } from '../contact/contact-messages';
import type { ContactColumns } from '../contact/contact-messages-table';

/** docs/product-rules.md#admin-screens: 'Username, Details, Date, Mark as resolved'. */
const FEEDBACK_COLUMNS: ContactColumns = [
  ['username', 'Username'],
  ['details', 'Details'],
  ['date', 'Date'],
  ['resolve', 'Mark as resolved'],
];

/** The admin's 'Feedback' tab: what people sent through 'Contact Us!'. */
export function FeedbackTab() {
  return <ContactMessages caption="Feedback" columns={FEEDBACK_COLUMNS} />;
}
