import { hoursOpenState, hoursPanelRows } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import { parseOpeningHours } from '../../src/geocoding/opening-hours.js';

const everyDay = (open: number, close: number) => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open, close }));

describe('parseOpeningHours', () => {
  it('reads weekday and weekend hours into day ranges, Sunday first', () => {
    expect(parseOpeningHours('Mo-Fr 07:00-22:00; Sa,Su 09:00-18:00')).toEqual([
      { day: 0, open: 900, close: 1800 },
      { day: 1, open: 700, close: 2200 },
      { day: 2, open: 700, close: 2200 },
      { day: 3, open: 700, close: 2200 },
      { day: 4, open: 700, close: 2200 },
      { day: 5, open: 700, close: 2200 },
      { day: 6, open: 900, close: 1800 },
    ]);
  });

  it('keeps a lunch break as two ranges on the same day', () => {
    expect(parseOpeningHours('Mo 08:30-12:00,13:00-17:30')).toEqual([
      { day: 1, open: 830, close: 1200 },
      { day: 1, open: 1300, close: 1730 },
    ]);
  });

  it('writes hours past midnight as one range that closes before it opens, Saturday night included', () => {
    const hours = parseOpeningHours('Mo-Fr 11:00-02:00; Sa,Su 10:00-02:00');
    expect(hours).toContainEqual({ day: 1, open: 1100, close: 200 });
    expect(hours).toContainEqual({ day: 6, open: 1000, close: 200 });
    expect(hours).toContainEqual({ day: 0, open: 1000, close: 200 });
    // Saturday 1am belongs to Friday's range (the library lets Saturday's rule end it at midnight).
    expect(hours).toContainEqual({ day: 5, open: 1100, close: 0 });
    expect(hours?.some((range) => range.day === 0 && range.open === 0)).toBe(false);
  });

  it('reads 24/7 as every day open around the clock, which the panel shows as "Open 24 hours"', () => {
    const hours = parseOpeningHours('24/7');
    expect(hours).toEqual(everyDay(0, 0));
    expect(hoursPanelRows(hours)?.every((row) => row.text === 'Open 24 hours')).toBe(true);
    expect(hoursOpenState(hours, new Date('2025-03-09T08:30:00Z'), 'America/Chicago')).toBe('open');
  });

  it('answers hours that evaluate correctly with the shared open-now rule', () => {
    const hours = parseOpeningHours('Fr 18:00-02:00');
    // 1am on Saturday in Minneapolis is still Friday night's opening.
    expect(hoursOpenState(hours, new Date('2025-06-14T06:00:00Z'), 'America/Chicago')).toBe('open');
    expect(hoursOpenState(hours, new Date('2025-06-14T08:00:00Z'), 'America/Chicago')).toBe('closed');
  });

  it('splits a stretch longer than a day at midnight rather than losing a day', () => {
    expect(parseOpeningHours('Mo 08:00-24:00; Tu 00:00-24:00; We 00:00-03:00')).toEqual([
      { day: 1, open: 800, close: 0 },
      { day: 2, open: 0, close: 0 },
      { day: 3, open: 0, close: 300 },
    ]);
  });

  it('ignores public-holiday rules, evaluating an ordinary week', () => {
    expect(parseOpeningHours('Mo-Fr 09:00-17:00; PH off')).toEqual([1, 2, 3, 4, 5].map((day) => ({ day, open: 900, close: 1700 })));
  });

  it.each([
    ['absent', undefined],
    ['empty', '  '],
    ['unreadable', 'ask at the counter'],
    ['always closed', 'Mo-Su off'],
    ['open-ended, so closing is a guess', 'Mo-Fr 10:00+'],
    ['by appointment only', 'Mo-Fr 08:00-12:00 "by appointment"'],
  ])('is null when the text is %s', (_why, text) => {
    expect(parseOpeningHours(text)).toBeNull();
  });
});
