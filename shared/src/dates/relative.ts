import { zonedDayNumber } from './zoned-day.js';

/**
 * 'today', 'yesterday', '3 days ago', '2 weeks ago', '5 months ago', 'over a year ago': how long
 * since an instant, counted in calendar days of the region (a visit at 11 pm is 'yesterday' the
 * next morning). A future instant (a skewed clock) reads as 'today'; an unparseable one gives ''.
 * Another `locale` says the same steps in its own words through `Intl.RelativeTimeFormat`.
 */
export function relativeDaysText(iso: string, now: Date, timeZone: string, locale = 'en-US'): string {
  const ago = relativeDays(iso, now, timeZone);
  if (ago === null) return '';
  if (locale.toLowerCase().split('-')[0] !== 'en') return intlRelativeText(ago, locale);
  if (ago.unit === 'year') return 'over a year ago';
  if (ago.value === 0) return 'today';
  if (ago.value === 1 && ago.unit === 'day') return 'yesterday';
  return `${ago.value} ${ago.unit}s ago`;
}

/**
 * How long ago, in the steps relativeDaysText uses: whole days under two weeks, weeks under two
 * months, months under a year; `year` means over a year (value 1). Null for an unparseable instant.
 */
export interface RelativeDays {
  unit: 'day' | 'week' | 'month' | 'year';
  value: number;
}

export function relativeDays(iso: string, now: Date, timeZone: string): RelativeDays | null {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return null;
  const days = zonedDayNumber(now, timeZone) - zonedDayNumber(then, timeZone);
  if (days <= 0) return { unit: 'day', value: 0 };
  if (days < 14) return { unit: 'day', value: days };
  if (days < 60) return { unit: 'week', value: Math.floor(days / 7) };
  if (days < 365) return { unit: 'month', value: Math.floor(days / 30) };
  return { unit: 'year', value: 1 };
}

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();

/**
 * Another language's words through `Intl` ('es': 'hoy', 'ayer', 'hace 3 días'). Intl has no "over",
 * so a year or more reads as 'hace 1 año': a screen that must say "over a year" says it with its own
 * message from `relativeDays`.
 */
function intlRelativeText({ unit, value }: RelativeDays, locale: string): string {
  let formatter = relativeFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormatters.set(locale, formatter);
  }
  return formatter.format(-value, unit);
}
