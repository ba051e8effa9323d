import { t } from '@/lib/i18n/i18n';
import type { MessageId } from '@/lib/i18n/message-id';
import type { OutboxKind } from '@/lib/outbox/outbox-types';
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

/** Said under a thank-you when the write waits for a connection, in the active language: call it when shown. */
export function offlineNote(): string {
  return t('writes.offlineNote');
}

/** What a write says once queued (null: the screen shows it itself) and when the device could not store it. */
export interface WriteAlerts {
  success: AlertContent | null;
  failure: AlertContent;
}

/**
 * The words each kind of write says unless its screen gives others. An admin's decision shows in
 * its row and the list's status line, so only a device that cannot store it speaks up; the admin
 * screens that do confirm one (a flag's verdict, a removal) pass their own words.
 */
export function writeAlertsFor(kind: OutboxKind): WriteAlerts {
  switch (kind) {
    case 'feedback':
    case 'flag':
      return { success: WRITE_ALERTS.thanksForSharing, failure: WRITE_ALERTS.didNotWork };
    // 'Still there' thanks the person in place.
    case 'confirmation':
      return { success: null, failure: WRITE_ALERTS.didNotWork };
    case 'contact':
      return { success: WRITE_ALERTS.messageReceived, failure: WRITE_ALERTS.somethingWentWrong };
    case 'restroom':
      return { success: WRITE_ALERTS.bathroomReceivedForReview, failure: WRITE_ALERTS.somethingWentWrong };
    case 'comment-delete':
      return { success: WRITE_ALERTS.commentDeleted, failure: WRITE_ALERTS.somethingWentWrong };
    case 'restroom-decision':
    case 'restroom-delete':
    case 'flag-decision':
    case 'contact-resolve':
    case 'user-role':
    case 'user-delete':
      return { success: null, failure: WRITE_ALERTS.somethingWentWrong };
  }
}
