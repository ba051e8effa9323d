import type { AlertContent } from '../../../components/alert-dialog';

/** The admin screens' exact words after a decision (docs/product-rules.md#exact-wording); tests pin them. */
export const ADMIN_ALERTS = {
  removed: { icon: 'success', title: 'Removed!', text: 'This bathroom has been removed.' },
  deleted: { icon: 'success', title: 'Deleted!', text: 'This bathroom has been permanently deleted from the database.' },
  deleteFailed: { icon: 'error', title: 'Oops...', text: 'Something went wrong!' },
  flagApproved: { icon: 'success', title: 'Great success!', text: 'The suggested edits were approved.' },
  flagRejected: { icon: 'success', title: 'Great success!', text: 'The suggestions were rejected.' },
  flagFailed: { icon: 'error', title: 'Oops!', text: "Looks like that didn't quite work. Check the server log for more information!" },
} as const satisfies Record<string, AlertContent>;
