import { LISTING_TEXT_KEYS, LISTING_TEXT_MAX_LENGTH, type ListingTextKey } from '@allstall/shared';
import { t } from '../i18n/i18n';
import type { MessageId } from '../i18n/message-id';

const LABELS: { readonly [K in ListingTextKey]: MessageId } = {
  name: 'writes.field.name',
  street: 'writes.field.street',
  city: 'writes.field.city',
  state: 'writes.field.state',
};

/**
 * A listing's text fields in the dialogs' order and words, each as long as the server takes it.
 * `label` is said in the active language when it is read (while rendering).
 */
export const LISTING_TEXT_FIELDS: ReadonlyArray<{ readonly key: ListingTextKey; readonly label: string; readonly maxLength: number }> = LISTING_TEXT_KEYS.map((key) => ({
  key,
  get label() {
    return t(LABELS[key]);
  },
  maxLength: LISTING_TEXT_MAX_LENGTH[key],
}));
