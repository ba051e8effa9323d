import type { WeeklyHours } from '../schemas/restroom.js';
import { clockInTimeZone, type LocalClock } from './clock.js';
import { hoursOpenStateOnClock, type OpenState } from './open-now.js';
import { spansHold, weekMinute, weekOpenSpans } from './week-spans.js';

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** A moment on the restroom's wall clock: a weekday (0 Sunday), a time in HHMM, and how far off it is. */
export interface HoursMoment {
  day: number;
  /** 24-hour HHMM, as the hours are stored: 700 is 7am, 0 midnight. */
  hhmm: number;
  /** 0 when it falls today on the restroom's clock, 1 tomorrow, and so on. */
  daysAhead: number;
  /** Minutes from now to the moment, more than 0. */
  minutesAhead: number;
}

/**
 * What a person at the door wants next to 'Open now' or 'Closed': when that changes.
 * - open: `closes` is when it next closes, null when it never does within a week (open around the clock).
 * - closed: `opens` is when it next opens, null when no day of the week opens.
 * `allDay` is true when it is open and stays open for the whole of today on its clock ('24 hours').
 */
export type HoursOutlook =
  | { state: 'open'; closes: HoursMoment | null; allDay: boolean }
  | { state: 'closed'; opens: HoursMoment | null };

/**
 * The open state at `at` on the clocks of `timeZone` (the restroom's, not the phone's), with the
 * next opening or closing within the week; null when the hours are unknown, so nothing is said.
 */
export function hoursOutlook(hours: WeeklyHours, at: Date, timeZone: string): HoursOutlook | null {
  if (!hours || hours.length === 0) return null;
  return hoursOutlookOnClock(hours, clockInTimeZone(at, timeZone));
}

/** As `hoursOutlook`, on a clock already read. */
export function hoursOutlookOnClock(hours: WeeklyHours, clock: LocalClock): HoursOutlook | null {
  // The state comes from the same rule the badge and the 'Open now' filter use, so they never disagree.
  const state: OpenState | null = hoursOpenStateOnClock(hours, clock);
  if (state === null) return null;
  const now = weekMinute(clock);
  const spans = weekOpenSpans(hours);
  // Hours of a shape the spans cannot follow, or a clock without a weekday: the state alone.
  if (now === null || spans === null) return state === 'open' ? { state, closes: null, allDay: false } : { state, opens: null };

  if (state === 'closed') {
    // Closed now, so no span holds this minute and the nearest start ahead is the opening.
    let ahead: number | null = null;
    for (let at = 0; at < spans.length; at += 2) {
      const distance = circularDistance(now, spans[at]!);
      if (distance > 0 && (ahead === null || distance < ahead)) ahead = distance;
    }
    return { state, opens: ahead === null ? null : momentAhead(clock, ahead) };
  }

  // Open: the nearest span end ahead that no other span carries on from is the closing.
  let ahead: number | null = null;
  for (let at = 1; at < spans.length; at += 2) {
    const end = spans[at]! % MINUTES_PER_WEEK;
    if (spansHold(spans, end)) continue;
    const distance = circularDistance(now, end) || MINUTES_PER_WEEK;
    if (ahead === null || distance < ahead) ahead = distance;
  }
  const untilMidnight = MINUTES_PER_DAY - clock.minutes;
  const openSinceMidnight = spansHold(spans, clock.day * MINUTES_PER_DAY) && !closesBetween(spans, clock.day * MINUTES_PER_DAY, now);
  const allDay = ahead === null || (ahead >= untilMidnight && openSinceMidnight);
  return { state, closes: ahead === null ? null : momentAhead(clock, ahead), allDay };
}

/** Minutes forward from `from` to `to` around the week, 0 to a week less a minute. */
function circularDistance(from: number, to: number): number {
  return (((to - from) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
}

/** Whether some minute in [from, to) is closed: a span ends there and none carries on. */
function closesBetween(spans: ArrayLike<number>, from: number, to: number): boolean {
  for (let at = 1; at < spans.length; at += 2) {
    const end = spans[at]! % MINUTES_PER_WEEK;
    if (end >= from && end < to && !spansHold(spans, end)) return true;
  }
  return false;
}

function momentAhead(clock: LocalClock, minutesAhead: number): HoursMoment {
  const fromDayStart = clock.minutes + minutesAhead;
  const daysAhead = Math.floor(fromDayStart / MINUTES_PER_DAY);
  const minuteOfDay = fromDayStart % MINUTES_PER_DAY;
  return {
    day: (clock.day + daysAhead) % 7,
    hhmm: Math.floor(minuteOfDay / 60) * 100 + (minuteOfDay % 60),
    daysAhead,
    minutesAhead,
  };
}
