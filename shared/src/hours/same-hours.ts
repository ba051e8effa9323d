import type { HoursRange, WeeklyHours } from '../schemas/restroom.js';

const rangeKey = ({ day, open, close }: HoursRange): string => `${day}:${open}-${close}`;

/** Whether two weekly timetables say the same, whatever order their ranges are listed in. */
export function sameWeeklyHours(a: WeeklyHours, b: WeeklyHours): boolean {
  const keysA = (a ?? []).map(rangeKey).sort();
  const keysB = (b ?? []).map(rangeKey).sort();
  return keysA.length === keysB.length && keysA.every((key, index) => key === keysB[index]);
}
