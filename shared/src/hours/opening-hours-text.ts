import type { HoursRange, WeeklyHours } from '../schemas/restroom.js';

/** OpenStreetMap's day names, Monday first as the tag reads; the index is our day number (0 = Sunday). */
const OSM_DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

const clockText = (hhmm: number) =>
  `${String(Math.floor(hhmm / 100)).padStart(2, '0')}:${String(hhmm % 100).padStart(2, '0')}`;

/** One range in the tag's syntax: a whole day (open equal to close) is 00:00-24:00; one past midnight keeps its earlier close (18:00-02:00). */
function rangeText(range: HoursRange): string {
  return range.open === range.close ? '00:00-24:00' : `${clockText(range.open)}-${clockText(range.close)}`;
}

/**
 * The week as an OpenStreetMap `opening_hours` value, the form other open-data tools read:
 * 'Mo-Fr 07:00-22:00, Sa-Su 09:00-18:00'. Days with the same hours share a rule (consecutive days
 * as a span, others after a comma); a day with no range is closed, which the tag says by leaving it
 * out. Rules are joined as additional rules (', '), not with '; ': a later '; ' rule replaces the
 * whole of its days, so 'Th 12:00-02:00; Fr 12:00-03:00' would close Thursday night at midnight.
 * '' when the hours are unknown, so a table shows an empty cell rather than a claim.
 */
export function openingHoursText(hours: WeeklyHours): string {
  if (hours === null) return '';
  const rules = new Map<string, number[]>();
  for (const day of WEEK) {
    const times = hours
      .filter((range) => range.day === day)
      .sort((a, b) => a.open - b.open)
      .map(rangeText)
      .join(',');
    if (times === '') continue;
    const days = rules.get(times);
    if (days === undefined) rules.set(times, [day]);
    else days.push(day);
  }
  return [...rules].map(([times, days]) => `${daysText(days)} ${times}`).join(', ');
}

/** Days in week order as spans and single days: [1, 2, 3, 5] is 'Mo-We,Fr'. */
function daysText(days: readonly number[]): string {
  const positions = days.map((day) => WEEK.indexOf(day as (typeof WEEK)[number]));
  const spans: Array<[number, number]> = [];
  for (const position of positions) {
    const last = spans.at(-1);
    if (last !== undefined && last[1] === position - 1) last[1] = position;
    else spans.push([position, position]);
  }
  const name = (position: number) => OSM_DAYS[WEEK[position]!];
  return spans.map(([first, last]) => (first === last ? name(first) : `${name(first)}-${name(last)}`)).join(',');
}
