import type { HoursRange } from '@allstall/shared';
import OpeningHours from 'opening_hours';

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/**
 * The week the tag is evaluated over: Sunday 7 to Sunday 14 January 2024, which holds no US public
 * holiday and no daylight-saving change, so `PH off` and the clocks leave the ordinary week alone and
 * the answer does not depend on today. The library reads dates on the server's own clock, so the
 * week is built and read back on that clock too.
 */
const REFERENCE_YEAR = 2024;
const REFERENCE_MONTH = 0;
const REFERENCE_SUNDAY = 7;

/** Holiday rules (`PH off`) need a country to be parsed at all; the region's is the one that matters. */
const REGION_FOR_HOLIDAYS = { lat: 44.979225, lon: -93.266945, address: { country_code: 'us', state: 'Minnesota' } };

/**
 * OpenStreetMap's `opening_hours` text as our weekly day ranges (day 0 = Sunday, HHMM times).
 * A range that runs past midnight closes earlier than it opens (`Fr 18:00-02:00` is
 * `{day: 5, open: 1800, close: 200}`), and a whole day open is `open === close === 0`, which is how
 * the shared open-now logic and the hours panel read "Open 24 hours". Null when the text is absent,
 * cannot be parsed, or never opens for certain (open-ended or "by appointment" times are unknown).
 */
export function parseOpeningHours(text: string | null | undefined): HoursRange[] | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const openMinutes = weekOpenMinutes(text.trim());
  if (openMinutes === null) return null;
  const ranges = openRuns(openMinutes).flatMap(([start, end]) => rangesOfRun(start, end));
  return ranges.length === 0 ? null : ranges.sort((a, b) => a.day - b.day || a.open - b.open);
}

/** Which minutes of the reference week are open for certain; null when the library refuses the text. */
function weekOpenMinutes(text: string): boolean[] | null {
  let intervals: ReturnType<OpeningHours['getOpenIntervals']>;
  try {
    const from = new Date(REFERENCE_YEAR, REFERENCE_MONTH, REFERENCE_SUNDAY);
    const to = new Date(REFERENCE_YEAR, REFERENCE_MONTH, REFERENCE_SUNDAY + 7);
    intervals = new OpeningHours(text, REGION_FOR_HOLIDAYS).getOpenIntervals(from, to);
  } catch {
    return null;
  }
  const open = new Array<boolean>(MINUTES_PER_WEEK).fill(false);
  for (const [from, to, unknown] of intervals) {
    if (unknown) continue;
    for (let minute = minuteOfWeek(from); minute < minuteOfWeek(to); minute += 1) open[minute] = true;
  }
  return open;
}

/** Minutes since the reference Sunday's midnight, read off the wall clock the library used. */
function minuteOfWeek(date: Date): number {
  const day = date.getDate() - REFERENCE_SUNDAY;
  return Math.min(MINUTES_PER_WEEK, Math.max(0, day * MINUTES_PER_DAY + date.getHours() * 60 + date.getMinutes()));
}

/**
 * The open stretches of a repeating week as [start, end) minutes, end possibly past the week's end:
 * a Saturday night that runs into Sunday morning is one stretch, not two.
 */
function openRuns(open: readonly boolean[]): Array<[number, number]> {
  const firstClosed = open.indexOf(false);
  if (firstClosed === -1) return [[0, MINUTES_PER_WEEK]];
  const runs: Array<[number, number]> = [];
  // Start the scan at a closed minute so no stretch is cut by the week's edge.
  for (let step = 0; step < MINUTES_PER_WEEK; step += 1) {
    const minute = (firstClosed + step) % MINUTES_PER_WEEK;
    const previous = (minute + MINUTES_PER_WEEK - 1) % MINUTES_PER_WEEK;
    if (open[minute] && !open[previous]) {
      let length = 0;
      while (open[(minute + length) % MINUTES_PER_WEEK]) length += 1;
      runs.push([minute, minute + length]);
    }
  }
  return runs;
}

/**
 * One open stretch as day ranges: whole days as `0-0`, a stretch that closes before the next day's
 * opening time as one past-midnight range, and anything longer cut at midnight.
 */
function rangesOfRun(start: number, end: number): HoursRange[] {
  const ranges: HoursRange[] = [];
  let from = start;
  while (from < end) {
    const dayStart = from - (from % MINUTES_PER_DAY);
    const day = (dayStart / MINUTES_PER_DAY) % 7;
    const nextMidnight = dayStart + MINUTES_PER_DAY;
    const openAt = from - dayStart;
    if (openAt === 0 && end >= nextMidnight) {
      ranges.push({ day, open: 0, close: 0 });
      from = nextMidnight;
    } else if (end <= nextMidnight || end - nextMidnight < openAt) {
      ranges.push({ day, open: hhmm(openAt), close: hhmm((end - dayStart) % MINUTES_PER_DAY) });
      from = end;
    } else {
      ranges.push({ day, open: hhmm(openAt), close: 0 });
      from = nextMidnight;
    }
  }
  return ranges;
}

const hhmm = (minutes: number): number => Math.floor(minutes / 60) * 100 + (minutes % 60);
