import { AMENITIES } from '../../components/amenities';
import type { MessageId } from '../../lib/i18n/message-id';
import type { BathroomsFilterKey } from './bathrooms-filters';

/** The amenity filters use the words the cards use for the same amenity (a message id: shown in the active language). */
export function bathroomsFilterLabelId(key: BathroomsFilterKey): MessageId {
  if (key === 'open_now') return 'filters.openNow';
  const amenity = AMENITIES.find((candidate) => candidate.key === key);
  if (amenity === undefined) throw new Error(`No label for the filter ${key}`);
  return amenity.labelId;
}
