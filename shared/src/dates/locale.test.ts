import { describe, expect, it } from 'vitest';
import { dateFormatShortUs } from './format.js';
import { relativeDays, relativeDaysText } from './relative.js';

// 10:00 on Sunday Nov 22 2026 in Minneapolis (CST, UTC-6).
const now = new Date('2026-11-22T16:00:00Z');
const ZONE = 'America/Chicago';

describe('dates in Spanish', () => {
  it('says how long ago through Intl, in the same calendar-day steps as English', () => {
    expect(relativeDaysText('2026-11-22T06:30:00Z', now, ZONE, 'es')).toBe('hoy');
    expect(relativeDaysText('2026-11-22T05:00:00Z', now, ZONE, 'es')).toBe('ayer');
    expect(relativeDaysText('2026-11-19T16:00:00Z', now, ZONE, 'es')).toBe('hace 3 días');
    expect(relativeDaysText('2026-11-01T16:00:00Z', now, ZONE, 'es')).toBe('hace 3 semanas');
    expect(relativeDaysText('2026-06-22T16:00:00Z', now, ZONE, 'es')).toBe('hace 5 meses');
    expect(relativeDaysText('not a date', now, ZONE, 'es')).toBe('');
  });

  it('gives the steps for a screen with its own words', () => {
    expect(relativeDays('2026-11-19T16:00:00Z', now, ZONE)).toEqual({ unit: 'day', value: 3 });
    expect(relativeDays('2024-11-19T16:00:00Z', now, ZONE)).toEqual({ unit: 'year', value: 1 });
    expect(relativeDays('nope', now, ZONE)).toBeNull();
  });

  it('writes the short date in Spanish, on the region’s day', () => {
    expect(dateFormatShortUs('2026-11-22T16:00:00Z', ZONE, 'es')).toBe('22 nov 2026');
    // 11 pm in Minneapolis is already the next day in UTC.
    expect(dateFormatShortUs('2026-11-23T05:00:00Z', ZONE, 'es')).toBe('22 nov 2026');
    expect(dateFormatShortUs('2026-11-22T16:00:00Z', ZONE)).toBe('Nov 22, 2026');
    // English stays the product's US form in any English-speaking region.
    expect(dateFormatShortUs('2026-11-22T16:00:00Z', ZONE, 'en-GB')).toBe('Nov 22, 2026');
  });
});
