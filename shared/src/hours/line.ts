import type { WeeklyHours } from '../schemas/restroom.js';
import { dayName, dayRangesText, ENGLISH_HOURS_WORDS, type HoursWords } from './format.js';

/** Monday first, as the hours panel reads. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * The week on one line, for a table cell or a report: 'Mon–Fri 7am - 10pm; Sat–Sun 9am - 6pm'.
 * Days with the same hours run together; a day with none is closed and left out. 'Unknown' when
 * the hours are unknown, 'Closed' when no day opens (those words and the times in `words`' language).
 */
export function hoursLineText(hours: WeeklyHours, words: HoursWords = ENGLISH_HOURS_WORDS): string {
  if (hours === null) return words.unknown;
  const dayTexts = WEEK.map((day) => dayRangesText(hours, day, words));
  const runs: Array<{ first: number; last: number; text: string }> = [];
  dayTexts.forEach((text, index) => {
    if (text === '') return;
    const run = runs.at(-1);
    if (run?.text === text && run.last === index - 1) run.last = index;
    else runs.push({ first: index, last: index, text });
  });
  if (runs.length === 0) return words.closed;
  const name = (index: number) => dayName(WEEK[index]!, words.locale, 'short');
  return runs
    .map(({ first, last, text }) => `${first === last ? name(first) : `${name(first)}–${name(last)}`} ${text}`)
    .join('; ');
}
