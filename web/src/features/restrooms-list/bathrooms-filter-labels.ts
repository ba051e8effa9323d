import { AMENITIES } from '../../components/amenities';
import type { HomeFilterKey } from './home-filters';

/** The amenity filters use the words the cards use for the same amenity. */
export function homeFilterLabel(key: HomeFilterKey): string {
  if (key === 'open_now') return 'Open now';
  return AMENITIES.find((amenity) => amenity.key === key)?.label ?? key;
}
