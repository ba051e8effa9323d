import { describe, expect, it } from 'vitest';
import { relativeDaysText } from './relative.js';

// 10:00 on Sunday Nov 22 2026 in Minneapolis (CST, UTC-6).
const now = new Date('2026-11-22T16:00:00Z');
const ZONE = 'America/Chicago';

describe('relativeDaysText', () => {
  it('counts calendar days in the region, not 24-hour spans', () => {
    // 11 pm Saturday in Minneapolis is only 11 hours ago, but it was yesterday there.
    expect(relativeDaysText('2026-11-22T05:00:00Z', now, ZONE)).toBe('yesterday');
    // 00:30 Sunday local is today.
    expect(relativeDaysText('2026-11-22T06:30:00Z', now, ZONE)).toBe('today');
  });
  it('moves from days to weeks to months to a year', () => {
    expect(relativeDaysText('2026-11-19T16:00:00Z', now, ZONE)).toBe('3 days ago');
    expect(relativeDaysText('2026-11-09T16:00:00Z', now, ZONE)).toBe('13 days ago');
    expect(relativeDaysText('2026-11-08T16:00:00Z', now, ZONE)).toBe('2 weeks ago');
    expect(relativeDaysText('2026-09-22T16:00:00Z', now, ZONE)).toBe('2 months ago');
    expect(relativeDaysText('2025-11-22T16:00:00Z', now, ZONE)).toBe('over a year ago');
  });
  it('reads a future instant as today and gives nothing for garbage', () => {
    expect(relativeDaysText('2026-11-25T16:00:00Z', now, ZONE)).toBe('today');
    expect(relativeDaysText('not a date', now, ZONE)).toBe('');
  });
});
