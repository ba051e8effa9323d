import { AMENITIES } from '@/components/amenities';
import type { MessageId } from '@/lib/i18n/message-id';
import type { BathroomsFilterKey } from './bathrooms-filters';

/**
 * The amenity filters use the words the cards use for the same amenity, and 'Open to the public' and
 * 'Free' the cards' words for that access and fee (a message id: shown in the active language).
 */
export function bathroomsFilterLabelId(key: BathroomsFilterKey): MessageId {
  if (key === 'open_now') return 'filters.openNow';
  if (key === 'public') return 'access.public';
  if (key === 'free') return 'fee.free';
  const amenity = AMENITIES.find((candidate) => candidate.key === key);
  if (amenity === undefined) throw new Error(`No label for the filter ${key}`);
  return amenity.labelId;
}
