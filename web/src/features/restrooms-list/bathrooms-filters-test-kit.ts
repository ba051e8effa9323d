import { accessIsPublic, feeIsFree, hoursIsOpenOnClock, type Restroom } from '@allstall/shared';
import { restroomFilter, type BathroomsFilters, type ListingFilterKey, type RestroomFilter } from './bathrooms-filters';

/*
 * The filters' rule read row by row, plainly, for the tests: the list applies it with bitmasks over
 * the mirror's columns (nearest-list.ts), and nearest-list.test.ts checks the two agree on random
 * mirrors, so the rule's own cases are written once, here, in bathrooms-filters.test.ts.
 */

/** What a filter reads of a restroom. */
type FilteredFields = Exclude<ListingFilterKey, 'public' | 'free'> | 'access' | 'fee' | 'hours' | 'time_zone';

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
