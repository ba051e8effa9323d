import type { Restroom } from '../schemas/restroom.js';
import { zonedDayNumber } from '../dates/zoned-day.js';

/*
 * Fresh or stale (docs/product-rules.md#fresh-or-stale): a listing nobody has confirmed or changed
 * for over a year may be gone or different, and says so on its card and its detail (the words are
 * the web catalog's `freshness.unconfirmed`; web/src/components/freshness-line.test.tsx).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** "Over a year": more than this many days since the listing was last confirmed or changed. */
const STALE_AFTER_DAYS = 365;

/**
 * Whether the later of `last_confirmed_at` (null until a first confirmation) and `updated_at` is
 * more than 365 days before `now`. An unreadable date counts as no date: with neither readable the
 * listing is not called stale, since nothing says how old it is.
 */
export function isUnconfirmedOverAYear(restroom: Pick<Restroom, 'last_confirmed_at' | 'updated_at'>, now: Date): boolean {
  const times = [restroom.last_confirmed_at, restroom.updated_at].flatMap((iso) => {
    if (iso === null) return [];
    const time = Date.parse(iso);
    return Number.isNaN(time) ? [] : [time];
  });
  if (times.length === 0) return false;
  return now.getTime() - Math.max(...times) > STALE_AFTER_DAYS * DAY_MS;
}

/**
 * Whether two instants fall on the same calendar day in `timeZone`: a 'Still there' counts once a
 * day per person and restroom, the restroom's own day (the region's when its zone is unknown).
 */
export function sameZonedDay(a: Date | number, b: Date | number, timeZone: string): boolean {
  return zonedDayNumber(new Date(a), timeZone) === zonedDayNumber(new Date(b), timeZone);
}
