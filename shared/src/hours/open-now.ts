import type { HoursRange, WeeklyHours } from '../schemas/restroom.js';
import { clockInTimeZone, type LocalClock } from './clock.js';

/** HHMM (930) to minutes since midnight (570). */
export const hhmmToMinutes = (hhmm: number): number => Math.floor(hhmm / 100) * 60 + (hhmm % 100);

/**
 * Whether one range covers the wall-clock reading. A range whose close is earlier than its open runs
 * past midnight, so it also covers the early hours of the following day (Saturday 4pm-2am is open
 * at 1am on Sunday). Open equal to close means open around the clock that day.
 */
export function hoursRangeCovers(range: HoursRange, clock: LocalClock): boolean {
  const open = hhmmToMinutes(range.open);
  const close = hhmmToMinutes(range.close);
  const yesterday = (clock.day + 6) % 7;
  if (open === close) return range.day === clock.day;
  if (open < close) return range.day === clock.day && clock.minutes >= open && clock.minutes < close;
  return (
    (range.day === clock.day && clock.minutes >= open) ||
    (range.day === yesterday && clock.minutes < close)
  );
}

export type OpenState = 'open' | 'closed';

/**
 * 'open' or 'closed' at the instant `at`, read on the clocks of `timeZone` (the restroom's region,
 * not the phone's); null when the hours are unknown, so no badge is shown rather than a wrong one.
 */
export function hoursOpenState(hours: WeeklyHours, at: Date, timeZone: string): OpenState | null {
  if (!hours || hours.length === 0) return null;
  return hoursOpenStateOnClock(hours, clockInTimeZone(at, timeZone));
}

/**
 * As `hoursOpenState`, on a clock already read: reading the region's clock costs a time-zone
 * conversion, so a filter over many restrooms reads it once for them all.
 */
export function hoursOpenStateOnClock(hours: WeeklyHours, clock: LocalClock): OpenState | null {
  if (!hours || hours.length === 0) return null;
  return hours.some((range) => hoursRangeCovers(range, clock)) ? 'open' : 'closed';
}

/** True when open at `at`; false when closed or unknown. For filters, where unknown must not pass. */
export function hoursIsOpenAt(hours: WeeklyHours, at: Date, timeZone: string): boolean {
  return hoursOpenState(hours, at, timeZone) === 'open';
}

/** As `hoursIsOpenAt`, on a clock already read (see `hoursOpenStateOnClock`). */
export function hoursIsOpenOnClock(hours: WeeklyHours, clock: LocalClock): boolean {
  return hoursOpenStateOnClock(hours, clock) === 'open';
}
