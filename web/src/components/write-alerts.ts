import { t } from '../lib/i18n/i18n';
import type { MessageId } from '../lib/i18n/message-id';
import type { AlertContent } from './alert-dialog';

/** An alert as message ids: said in the active language each time it is shown. */
type AlertWords = Pick<AlertContent, 'icon'> & { title: MessageId; text: MessageId; detail?: MessageId };

/** The product's exact words after a write (docs/product-rules.md#exact-wording); tests pin them. */
const WRITE_ALERT_WORDS = {
  thanksForSharing: { icon: 'success', title: 'writes.alert.thanksForSharing', text: 'writes.alert.usersHelp' },
  didNotWork: { icon: 'error', title: 'writes.alert.oops', text: 'writes.alert.didNotWork' },
  guestFeedback: { icon: 'warning', title: 'writes.alert.guestFeedback', text: 'writes.alert.usersHelp' },
  messageReceived: { icon: 'success', title: 'writes.alert.thankYou', text: 'writes.alert.messageReceived' },
  bathroomReceived: { icon: 'success', title: 'writes.alert.thankYou', text: 'writes.alert.bathroomReceived' },
  // Beyond the spec's words: a person's restroom is not on the map until an admin approves it.
  bathroomReceivedForReview: {
    icon: 'success',
    title: 'writes.alert.thankYou',
    text: 'writes.alert.bathroomReceived',
    detail: 'writes.alert.bathroomReview',
  },
  somethingWentWrong: { icon: 'error', title: 'writes.alert.ohNo', text: 'writes.alert.somethingWentWrong' },
  // The text is the server's word for an empty message too (its code `contact.empty`).
  emptyContact: { icon: 'warning', title: 'writes.alert.hey', text: 'writes.alert.emptyContact' },
  commentDeleted: { icon: 'success', title: 'writes.alert.deleted', text: 'writes.alert.commentDeleted' },
  // Not in the spec: a queued write cannot be changed while it is on the wire.
  alreadySending: { icon: 'warning', title: 'writes.alert.alreadySending', text: 'writes.alert.alreadySendingText' },
} as const satisfies Record<string, AlertWords>;

type WriteAlertName = keyof typeof WRITE_ALERT_WORDS;

/** One alert in the active language. */
function writeAlert(name: WriteAlertName): AlertContent {
  const words: AlertWords = WRITE_ALERT_WORDS[name];
  return { icon: words.icon, title: t(words.title), text: t(words.text), detail: words.detail && t(words.detail) };
}

/**
 * Each alert, said in the active language when it is read: `alert(WRITE_ALERTS.didNotWork)` at the
 * moment it is shown speaks the person's language. Read it then, never into a module constant.
 */
export const WRITE_ALERTS = Object.defineProperties(
  {},
  Object.fromEntries(Object.keys(WRITE_ALERT_WORDS).map((name) => [name, { enumerable: true, get: () => writeAlert(name as WriteAlertName) }])),
) as { readonly [K in WriteAlertName]: AlertContent };
