import { DAY_NAMES } from '../hours/format.js';
import { hhmmToMinutes } from '../hours/open-now.js';
import type { HoursRange } from '../schemas/restroom.js';
import { writeProblem, type WriteProblem } from './writes.js';

/** More ranges than this on one day is a typing slip, not a timetable (the demo data has at most 3). */
export const HOURS_RANGES_PER_DAY_MAX = 4;

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** Where a range sits on the week's clock, in minutes from Sunday midnight: [start, end). */
interface WeekSpan {
  start: number;
  end: number;
}

/**
 * A range on the week's clock. Close before open runs past midnight into the next day; open equal to
 * close is the whole day (how `hoursRangeCovers` and the hours panel read it).
 */
function weekSpan({ day, open, close }: HoursRange): WeekSpan {
  const openMinutes = hhmmToMinutes(open);
  const closeMinutes = hhmmToMinutes(close);
  const length = closeMinutes > openMinutes ? closeMinutes - openMinutes : MINUTES_PER_DAY - openMinutes + closeMinutes;
  const start = day * MINUTES_PER_DAY + openMinutes;
  return { start, end: start + length };
}

/** Whether two spans share a minute; Saturday night's range may run into Sunday, the start of the week. */
function spansOverlap(a: WeekSpan, b: WeekSpan): boolean {
  return [-MINUTES_PER_WEEK, 0, MINUTES_PER_WEEK].some((shift) => a.start < b.end + shift && b.start + shift < a.end);
}

/** 1260 is a time of day; 1275 is not, though the schema's 0..2359 lets it through. */
function isClockTime(hhmm: number): boolean {
  return hhmm % 100 < 60;
}

/**
 * What is wrong with a week of opening ranges, naming the range as `${field}.${index}` (and its
 * `open` or `close` when only that is wrong), or null when it reads as a timetable. A range must be
 * made of clock times, and open equal to close is accepted only as 12am to 12am, the all-day range:
 * any other equal pair is far likelier a slip than "open 24 hours". At most
 * `HOURS_RANGES_PER_DAY_MAX` ranges a day, and no two ranges may share a minute, a late range
 * running past midnight included.
 */
export function weeklyHoursProblem(hours: readonly HoursRange[], field = 'bathroomHours'): WriteProblem | null {
  const perDay = new Map<number, number>();
  const spans: WeekSpan[] = [];
  for (const [index, range] of hours.entries()) {
    const at = `${field}.${index}`;
    // The day by its key (`monday`), which the message's template names in words.
    const day = DAY_NAMES[range.day]?.toLowerCase() ?? `day ${range.day}`;
    if (!isClockTime(range.open)) return writeProblem(`${at}.open`, 'hours.openingNotTime', { day });
    if (!isClockTime(range.close)) return writeProblem(`${at}.close`, 'hours.closingNotTime', { day });
    if (range.open === range.close && range.open !== 0) {
      return writeProblem(`${at}.close`, 'hours.sameOpenClose', { day });
    }
    const count = (perDay.get(range.day) ?? 0) + 1;
    perDay.set(range.day, count);
    if (count > HOURS_RANGES_PER_DAY_MAX) {
      return writeProblem(at, 'hours.tooManyRanges', { day, max: HOURS_RANGES_PER_DAY_MAX });
    }
    const span = weekSpan(range);
    if (spans.some((earlier) => spansOverlap(earlier, span))) {
      return writeProblem(at, 'hours.overlap', { day });
    }
    spans.push(span);
  }
  return null;
}
