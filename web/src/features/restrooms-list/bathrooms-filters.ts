import { accessIsPublic, clocksAt, feeIsFree, hoursIsOpenOnClock, type ClocksAt, type Restroom } from '@allstall/shared';

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

/** What a filter reads of a restroom. */
export type FilteredFields = AmenityFilterKey | 'access' | 'fee' | 'hours' | 'time_zone';

/**
 * A listing filter's answer for a restroom: true known yes, false known no, null unknown. Customers
 * only and 'Ask for a key' are a known no to 'Open to the public', never unknown: 'Include unknown'
 * must not send anyone to a door that will not open for them.
 */
function listingAnswer(row: Pick<Restroom, FilteredFields>, key: ListingFilterKey): boolean | null {
  if (key === 'public') return accessIsPublic(row.access);
  if (key === 'free') return feeIsFree(row.fee);
  return row[key];
}

/**
 * The restrooms that pass every chosen filter, in their given order. Open now is read at `at` on
 * each restroom's own clock (its time zone; `timeZone`, the region's, for one without); unknown
 * hours do not pass, since "open now" is a promise the list cannot keep for them.
 */
export function filterRestrooms<T extends Pick<Restroom, FilteredFields>>(
  rows: readonly T[],
  filters: BathroomsFilters,
  at: Date,
  timeZone: string,
): T[] {
  const filter = restroomFilter(filters, at, timeZone);
  return filter ? rows.filter((row) => restroomPasses(filter, row)) : rows.slice();
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

/** The test `filterRestrooms` applies, or null when no filter is chosen. */
export function restroomFilter(filters: BathroomsFilters, at: Date, timeZone: string): RestroomFilter | null {
  const amenities = activeFilterKeys(filters).filter((key): key is ListingFilterKey => key !== 'open_now');
  if (!filters.open_now && amenities.length === 0) return null;
  const orUnknown = filters.include_unknown ? amenities.filter((key) => UNKNOWN_FILTER_KEYS.includes(key)) : [];
  // A time-zone conversion costs far more than testing hours: once per zone here, not once per restroom.
  return { amenities, orUnknown, openOn: filters.open_now ? clocksAt(at, timeZone) : null };
}

function restroomPasses(filter: RestroomFilter, row: Pick<Restroom, FilteredFields>): boolean {
  const orUnknown = filter.orUnknown ?? [];
  return (
    filter.amenities.every((key) => {
      const answer = listingAnswer(row, key);
      return answer === true || (answer === null && orUnknown.includes(key));
    }) &&
    (filter.openOn === null || hoursIsOpenOnClock(row.hours, filter.openOn(row.time_zone)))
  );
}

/** True for a row that passes `filter` only because 'Include unknown' let an unknown answer through. */
export function restroomPassesOnUnknown(filter: RestroomFilter, row: Pick<Restroom, FilteredFields>): boolean {
  return restroomPasses(filter, row) && (filter.orUnknown ?? []).some((key) => listingAnswer(row, key) === null);
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
