import { clockInTimeZone, hoursIsOpenOnClock, type Restroom } from '@allstall/shared';

/** The amenity filters carry the restroom field they test, so each filter is one field check. */
export type AmenityFilterKey = 'unisex' | 'is_single_stall' | 'accessible' | 'changing_table';
export type HomeFilterKey = AmenityFilterKey | 'open_now';
export type HomeFilters = Record<HomeFilterKey, boolean>;

/** In the order the dialog and the chips show them. */
export const HOME_FILTER_KEYS: readonly HomeFilterKey[] = ['unisex', 'is_single_stall', 'accessible', 'changing_table', 'open_now'];

export const NO_FILTERS: HomeFilters = {
  unisex: false,
  is_single_stall: false,
  accessible: false,
  changing_table: false,
  open_now: false,
};

export function activeFilterKeys(filters: HomeFilters): HomeFilterKey[] {
  return HOME_FILTER_KEYS.filter((key) => filters[key]);
}

/**
 * The restrooms that pass every chosen filter, in their given order. Open now is read at `at` on
 * the region's clocks; unknown hours do not pass, since "open now" is a promise the list cannot keep
 * for them.
 */
export function filterRestrooms<T extends Pick<Restroom, AmenityFilterKey | 'hours'>>(
  rows: readonly T[],
  filters: HomeFilters,
  at: Date,
  timeZone: string,
): T[] {
  const passes = restroomFilter(filters, at, timeZone);
  return passes ? rows.filter(passes) : rows.slice();
}

/**
 * The test `filterRestrooms` applies to each row, or null when no filter is chosen. The region's
 * clock is read here, once, rather than per restroom: that reading is a time-zone conversion.
 */
export function restroomFilter(
  filters: HomeFilters,
  at: Date,
  timeZone: string,
): ((row: Pick<Restroom, AmenityFilterKey | 'hours'>) => boolean) | null {
  const amenities = activeFilterKeys(filters).filter((key): key is AmenityFilterKey => key !== 'open_now');
  if (!filters.open_now && amenities.length === 0) return null;
  const clock = filters.open_now ? clockInTimeZone(at, timeZone) : null;
  return (row) => amenities.every((key) => row[key]) && (clock === null || hoursIsOpenOnClock(row.hours, clock));
}

/**
 * Filters as read back from storage: anything that is not a plain object of booleans (an older
 * version, a hand edit, a broken write) counts as no filter rather than breaking the screen.
 */
export function parseHomeFilters(value: unknown): HomeFilters {
  const filters = { ...NO_FILTERS };
  if (typeof value !== 'object' || value === null) return filters;
  for (const key of HOME_FILTER_KEYS) filters[key] = (value as Record<string, unknown>)[key] === true;
  return filters;
}
