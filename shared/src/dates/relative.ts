import { zonedDayNumber } from './zoned-day.js';

/**
 * 'today', 'yesterday', '3 days ago', '2 weeks ago', '5 months ago', 'over a year ago': how long
 * since an instant, counted in calendar days of the region (a visit at 11 pm is 'yesterday' the
 * next morning). A future instant (a skewed clock) reads as 'today'; an unparseable one gives ''.
 */
export function relativeDaysText(iso: string, now: Date, timeZone: string): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  const days = zonedDayNumber(now, timeZone) - zonedDayNumber(then, timeZone);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 14) return `${days} days ago`;
  if (days < 60) return `${Math.floor(days / 7)} weeks ago`;
  if (days < 365) return `${Math.floor(days / 30)} months ago`;
  return 'over a year ago';
}

/** The freshness line on cards and the detail screen; null when no visitor has confirmed it yet. */
export function confirmedText(lastConfirmedAt: string | null, now: Date, timeZone: string): string | null {
  if (lastConfirmedAt === null) return null;
  const ago = relativeDaysText(lastConfirmedAt, now, timeZone);
  return ago === '' ? null : `Confirmed by a visitor ${ago}`;
}
