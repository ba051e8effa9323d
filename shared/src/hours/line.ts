import type { WeeklyHours } from '../schemas/restroom.js';
import { DAY_NAMES, hhmmFormat } from './format.js';

/** Monday first, as the hours panel reads. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * The week on one line, for a table cell or a report: 'Mon–Fri 7am - 10pm; Sat–Sun 9am - 6pm'.
 * Days with the same hours run together; a day with none is closed and left out. 'Unknown' when
 * the hours are unknown, 'Closed' when no day opens.
 */
export function hoursLineText(hours: WeeklyHours): string {
  if (hours === null) return 'Unknown';
  const dayTexts = WEEK.map((day) =>
    hours
      .filter((range) => range.day === day)
      .sort((a, b) => a.open - b.open)
      .map((range) => (range.open === range.close ? 'Open 24 hours' : `${hhmmFormat(range.open)} - ${hhmmFormat(range.close)}`))
      .join(', '),
  );
  const runs: Array<{ first: number; last: number; text: string }> = [];
  dayTexts.forEach((text, index) => {
    if (text === '') return;
    const run = runs.at(-1);
    if (run?.text === text && run.last === index - 1) run.last = index;
    else runs.push({ first: index, last: index, text });
  });
  if (runs.length === 0) return 'Closed';
  const dayName = (index: number) => DAY_NAMES[WEEK[index]!]!.slice(0, 3);
  return runs
    .map(({ first, last, text }) => `${first === last ? dayName(first) : `${dayName(first)}–${dayName(last)}`} ${text}`)
    .join('; ');
}
