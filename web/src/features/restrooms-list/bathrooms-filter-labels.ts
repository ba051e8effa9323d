import { AMENITIES } from '../../components/amenities';
import type { BathroomsFilterKey } from './bathrooms-filters';

/** The amenity filters use the words the cards use for the same amenity. */
export function bathroomsFilterLabel(key: BathroomsFilterKey): string {
  if (key === 'open_now') return 'Open now';
  return AMENITIES.find((amenity) => amenity.key === key)?.label ?? key;
}
