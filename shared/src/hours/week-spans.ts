import type { WeeklyHours } from '../schemas/restroom.js';
import type { LocalClock } from './clock.js';
import { hhmmToMinutes } from './open-now.js';

const MINUTES_PER_DAY = 24 * 60;

/** Minutes since Sunday midnight on the clock; null for a reading that names no weekday. */
export function weekMinute(clock: LocalClock): number | null {
  if (!Number.isInteger(clock.day) || clock.day < 0 || clock.day > 6) return null;
  return clock.day * MINUTES_PER_DAY + clock.minutes;
}

/**
 * The hours as flat pairs of half-open spans [start, end) of minutes since Sunday midnight, open at
 * exactly the minutes `hoursRangeCovers` says, so that testing many restrooms against one clock is
 * a few comparisons of numbers each. Null for hours of a shape the spans cannot promise to match
 * (a day outside Sunday..Saturday, a time that is not a whole non-negative number): ask
 * `hoursOpenStateOnClock` for those.
 */
export function weekOpenSpans(hours: WeeklyHours): number[] | null {
  const spans: number[] = [];
  for (const range of hours ?? []) {
    const regular = [range.day, range.open, range.close].every((value) => Number.isInteger(value) && value >= 0);
    if (!regular || range.day > 6) return null;
    const open = hhmmToMinutes(range.open);
    const close = hhmmToMinutes(range.close);
    const dayStart = range.day * MINUTES_PER_DAY;
    // hoursRangeCovers reads minutes of one day only, so times past midnight's 24:00 are cut there.
    if (open === close) spans.push(dayStart, dayStart + MINUTES_PER_DAY);
    else if (open < close) spans.push(dayStart + Math.min(open, MINUTES_PER_DAY), dayStart + Math.min(close, MINUTES_PER_DAY));
    else {
      spans.push(dayStart + Math.min(open, MINUTES_PER_DAY), dayStart + MINUTES_PER_DAY);
      const nextDayStart = ((range.day + 1) % 7) * MINUTES_PER_DAY;
      spans.push(nextDayStart, nextDayStart + Math.min(close, MINUTES_PER_DAY));
    }
  }
  return spans;
}

/** Whether any of the spans (as `weekOpenSpans` gives them, from `from` to `to` in `spans`) holds the minute. */
export function spansHold(spans: ArrayLike<number>, minute: number, from = 0, to = spans.length): boolean {
  for (let at = from; at < to; at += 2) {
    if (minute >= spans[at]! && minute < spans[at + 1]!) return true;
  }
  return false;
}
