import { describe, expect, it } from 'vitest';
import { dateFormatShortUs } from './format.js';

describe('dateFormatShortUs', () => {
  it('writes the short US form', () => {
    expect(dateFormatShortUs('2026-11-22T18:00:00Z', 'America/Chicago')).toBe('Nov 22, 2026');
  });

  it("uses the region's calendar day, not UTC's", () => {
    // 05:30Z on the 22nd is 11:30pm on the 21st in Minneapolis.
    expect(dateFormatShortUs('2026-11-22T05:30:00Z', 'America/Chicago')).toBe('Nov 21, 2026');
    expect(dateFormatShortUs('2026-11-22T05:30:00Z', 'UTC')).toBe('Nov 22, 2026');
  });

  it('prints nothing rather than "Invalid Date" for a broken value', () => {
    expect(dateFormatShortUs('not a date', 'America/Chicago')).toBe('');
  });
});
