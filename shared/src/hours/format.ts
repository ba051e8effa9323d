import type { WeeklyHours } from '../schemas/restroom.js';

/** 12-hour clock as the product writes it: 0 → '12am', 830 → '8:30am', 1200 → '12pm', 1730 → '5:30pm'. */
export function hhmmFormat(hhmm: number): string {
  const hours24 = Math.floor(hhmm / 100);
  const minutes = hhmm % 100;
  const suffix = hours24 < 12 ? 'am' : 'pm';
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return minutes === 0 ? `${hours12}${suffix}` : `${hours12}:${String(minutes).padStart(2, '0')}${suffix}`;
}

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The panel reads like a calendar week: Monday first, Sunday last. */
const PANEL_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export interface HoursPanelRow {
  day: number;
  dayName: string;
  /** '8:30am - 5pm', several ranges joined by ', ', or 'Closed'. */
  text: string;
}

/**
 * The weekly hours panel, Monday to Sunday. Null when it must be hidden: hours unknown, or no opening
 * time on any day Monday to Saturday (the product's rule, which keeps Sunday-only noise off cards).
 */
export function hoursPanelRows(hours: WeeklyHours): HoursPanelRow[] | null {
  if (!hours || !hours.some((range) => range.day >= 1 && range.day <= 6)) return null;
  return PANEL_ORDER.map((day) => {
    const ranges = hours
      .filter((range) => range.day === day)
      .sort((a, b) => a.open - b.open)
      .map((range) =>
        range.open === range.close ? 'Open 24 hours' : `${hhmmFormat(range.open)} - ${hhmmFormat(range.close)}`,
      );
    return { day, dayName: DAY_NAMES[day]!, text: ranges.length > 0 ? ranges.join(', ') : 'Closed' };
  });
}
