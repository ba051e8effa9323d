import { clocksAt, hoursIsOpenOnClock, type ClocksAt, type Restroom } from '@allstall/shared';

/** The amenity filters carry the restroom field they test, so each filter is one field check. */
export type AmenityFilterKey = 'unisex' | 'is_single_stall' | 'accessible' | 'changing_table';
export type BathroomsFilterKey = AmenityFilterKey | 'open_now';
export type BathroomsFilters = Record<BathroomsFilterKey, boolean>;

export const AMENITY_FILTER_KEYS: readonly AmenityFilterKey[] = ['unisex', 'is_single_stall', 'accessible', 'changing_table'];
/** In the order the dialog and the chips show them. */
export const BATHROOMS_FILTER_KEYS: readonly BathroomsFilterKey[] = [...AMENITY_FILTER_KEYS, 'open_now'];

export const NO_FILTERS: BathroomsFilters = {
  unisex: false,
  is_single_stall: false,
  accessible: false,
  changing_table: false,
  open_now: false,
};

export function activeFilterKeys(filters: BathroomsFilters): BathroomsFilterKey[] {
  return BATHROOMS_FILTER_KEYS.filter((key) => filters[key]);
}

/** What a filter reads of a restroom. */
export type FilteredFields = AmenityFilterKey | 'hours' | 'time_zone';

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

/** What the chosen filters test: the amenities a restroom must have, and the instant it must be open at. */
export interface RestroomFilter {
  amenities: readonly AmenityFilterKey[];
  /**
   * The wall clocks at the filtering instant, each zone's read once for every restroom in it (a
   * restroom without a zone on the region's); null without 'Open now'.
   */
  openOn: ClocksAt | null;
}

/** The test `filterRestrooms` applies, or null when no filter is chosen. */
export function restroomFilter(filters: BathroomsFilters, at: Date, timeZone: string): RestroomFilter | null {
  const amenities = activeFilterKeys(filters).filter((key): key is AmenityFilterKey => key !== 'open_now');
  if (!filters.open_now && amenities.length === 0) return null;
  // A time-zone conversion costs far more than testing hours: once per zone here, not once per restroom.
  return { amenities, openOn: filters.open_now ? clocksAt(at, timeZone) : null };
}

export function restroomPasses(filter: RestroomFilter, row: Pick<Restroom, FilteredFields>): boolean {
  return filter.amenities.every((key) => row[key]) && (filter.openOn === null || hoursIsOpenOnClock(row.hours, filter.openOn(row.time_zone)));
}

/**
 * Filters as read back from storage: anything that is not a plain object of booleans (an older
 * version, a hand edit, a broken write) counts as no filter rather than breaking the screen.
 */
export function parseBathroomsFilters(value: unknown): BathroomsFilters {
  const filters = { ...NO_FILTERS };
  if (typeof value !== 'object' || value === null) return filters;
  for (const key of BATHROOMS_FILTER_KEYS) filters[key] = (value as Record<string, unknown>)[key] === true;
  return filters;
}
