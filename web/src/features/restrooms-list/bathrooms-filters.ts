import { clocksAt, type ClocksAt } from '@allstall/shared';

/** The amenity filters carry the restroom field they test, so each filter is one field check. */
type AmenityFilterKey = 'unisex' | 'is_single_stall' | 'accessible' | 'changing_table';
/**
 * The filters on what we know of a restroom, each yes, no or unknown: an amenity, 'Open to the
 * public' (access known public; customers only and a key are a known no) and 'Free' (fee known free).
 */
export type ListingFilterKey = AmenityFilterKey | 'public' | 'free';
export type BathroomsFilterKey = ListingFilterKey | 'open_now';
/**
 * The chosen filters, and 'Include unknown': not a filter of its own (no chip, not counted) but how
 * the gender-neutral, single-stall, open-to-the-public and free filters read a restroom nobody has
 * told us about.
 */
export type BathroomsFilters = Record<BathroomsFilterKey, boolean> & { include_unknown: boolean };

const AMENITY_FILTER_KEYS: readonly AmenityFilterKey[] = ['unisex', 'is_single_stall', 'accessible', 'changing_table'];
export const LISTING_FILTER_KEYS: readonly ListingFilterKey[] = [...AMENITY_FILTER_KEYS, 'public', 'free'];
/** In the order the dialog and the chips show them. */
export const BATHROOMS_FILTER_KEYS: readonly BathroomsFilterKey[] = [...LISTING_FILTER_KEYS, 'open_now'];
/**
 * The filters 'Include unknown' loosens. Most listings do not say whether they are gender-neutral,
 * single stall, open to the public or free, so "known yes" alone hides most of a city; a wheelchair
 * user or a parent, though, cannot risk an unknown ramp or changing table, so those two stay known
 * yes (docs/product-rules.md#filters).
 */
export const UNKNOWN_FILTER_KEYS: readonly ListingFilterKey[] = ['unisex', 'is_single_stall', 'public', 'free'];

export const NO_FILTERS: BathroomsFilters = {
  unisex: false,
  is_single_stall: false,
  accessible: false,
  changing_table: false,
  public: false,
  free: false,
  open_now: false,
  include_unknown: false,
};

export function activeFilterKeys(filters: BathroomsFilters): BathroomsFilterKey[] {
  return BATHROOMS_FILTER_KEYS.filter((key) => filters[key]);
}

/** What the chosen filters test: the listing answers a restroom must have, and the instant it must be open at. */
export interface RestroomFilter {
  /** The amenities and listing answers ('public', 'free') that must each be known yes, unless also in `orUnknown`. */
  amenities: readonly ListingFilterKey[];
  /** Of `amenities`, those an unknown value passes too ('Include unknown'); none when absent. */
  orUnknown?: readonly ListingFilterKey[];
  /**
   * The wall clocks at the filtering instant, each zone's read once for every restroom in it (a
   * restroom without a zone on the region's); null without 'Open now'.
   */
  openOn: ClocksAt | null;
}

/** The test the list applies (nearest-list.ts), or null when no filter is chosen. */
export function restroomFilter(filters: BathroomsFilters, at: Date, timeZone: string): RestroomFilter | null {
  const amenities = activeFilterKeys(filters).filter((key): key is ListingFilterKey => key !== 'open_now');
  if (!filters.open_now && amenities.length === 0) return null;
  const orUnknown = filters.include_unknown ? amenities.filter((key) => UNKNOWN_FILTER_KEYS.includes(key)) : [];
  // A time-zone conversion costs far more than testing hours: once per zone here, not once per restroom.
  return { amenities, orUnknown, openOn: filters.open_now ? clocksAt(at, timeZone) : null };
}

/**
 * Filters as read back from storage: anything that is not a plain object of booleans (an older
 * version, a hand edit, a broken write) counts as no filter rather than breaking the screen. Filters
 * stored before 'Include unknown' existed have none, so it reads as off: they meant known yes; those
 * stored before 'Open to the public' and 'Free' existed read both as off.
 */
export function parseBathroomsFilters(value: unknown): BathroomsFilters {
  const filters = { ...NO_FILTERS };
  if (typeof value !== 'object' || value === null) return filters;
  const stored = value as Record<string, unknown>;
  for (const key of BATHROOMS_FILTER_KEYS) filters[key] = stored[key] === true;
  filters.include_unknown = stored.include_unknown === true;
  return filters;
}
