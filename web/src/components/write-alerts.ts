import { CONTACT_EMPTY_MESSAGE } from '@allstall/shared';
import type { AlertContent } from './alert-dialog';

/** The product's exact words after a write (docs/product-rules.md#exact-wording); tests pin them. */
export const WRITE_ALERTS = {
  thanksForSharing: { icon: 'success', title: 'Thank you for sharing!', text: 'Users help keep this app up-to-date.' },
  didNotWork: { icon: 'error', title: 'Oops!', text: "Looks like that didn't quite work. Please try again later!" },
  guestFeedback: { icon: 'warning', title: 'Register or log in to leave feedback!', text: 'Users help keep this app up-to-date.' },
  messageReceived: { icon: 'success', title: 'Thank you!', text: 'Message received!' },
  bathroomReceived: { icon: 'success', title: 'Thank you!', text: 'Bathroom received!' },
  somethingWentWrong: { icon: 'error', title: 'Oh no!', text: 'Something went wrong. Please try again later.' },
  emptyContact: { icon: 'warning', title: 'Hey!!', text: CONTACT_EMPTY_MESSAGE },
  commentDeleted: { icon: 'success', title: 'Deleted!', text: 'Your comment has been deleted.' },
  // Not in the spec: a queued write cannot be changed while it is on the wire.
  alreadySending: {
    icon: 'warning',
    title: 'Already on its way',
    text: "It's being sent right now, so it can't be changed. Check again in a moment.",
  },
} as const satisfies Record<string, AlertContent>;
