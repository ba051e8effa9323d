import type { AlertContent } from '@/components/alert-dialog';
import type { MessageId } from '@/lib/i18n/message-id';
import type { Translate } from '@/lib/i18n/use-t';

/** The admin screens' exact words after a decision (docs/product-rules.md#exact-wording), as message ids; tests pin the English. */
const ADMIN_ALERTS = {
  removed: { icon: 'success', title: 'admin.alert.removed.title', text: 'admin.alert.removed.text' },
  deleted: { icon: 'success', title: 'admin.alert.deleted.title', text: 'admin.alert.deleted.text' },
  deleteFailed: { icon: 'error', title: 'admin.alert.deleteFailed.title', text: 'admin.alert.deleteFailed.text' },
  flagApproved: { icon: 'success', title: 'admin.alert.greatSuccess', text: 'admin.alert.flagApproved.text' },
  flagRejected: { icon: 'success', title: 'admin.alert.greatSuccess', text: 'admin.alert.flagRejected.text' },
  flagFailed: { icon: 'error', title: 'admin.alert.flagFailed.title', text: 'admin.alert.flagFailed.text' },
} as const satisfies Record<string, Pick<AlertContent, 'icon'> & { title: MessageId; text: MessageId }>;

export type AdminAlertName = keyof typeof ADMIN_ALERTS;

/** An admin alert in the active language (`t` from useT, so the screen asking re-renders on a switch). */
export function adminAlert(t: Translate, name: AdminAlertName): AlertContent {
  const { icon, title, text } = ADMIN_ALERTS[name];
  return { icon, title: t(title), text: t(text) };
}
