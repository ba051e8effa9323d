import { describe, expect, it } from 'vitest';
import { hoursLineText } from './line.js';

describe('hoursLineText', () => {
  it('runs days with the same hours together, Monday first', () => {
    const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, open: 700, close: 2200 }));
    const weekend = [6, 0].map((day) => ({ day, open: 900, close: 1800 }));
    expect(hoursLineText([...weekend, ...weekdays])).toBe('Mon–Fri 7am - 10pm; Sat–Sun 9am - 6pm');
  });

  it('leaves closed days out and does not join days across them', () => {
    expect(hoursLineText([{ day: 1, open: 900, close: 1700 }, { day: 3, open: 900, close: 1700 }])).toBe('Mon 9am - 5pm; Wed 9am - 5pm');
  });

  it('lists split days and round-the-clock days', () => {
    const hours = [
      { day: 2, open: 1300, close: 1700 },
      { day: 2, open: 800, close: 1200 },
      { day: 4, open: 0, close: 0 },
    ];
    expect(hoursLineText(hours)).toBe('Tue 8am - 12pm, 1pm - 5pm; Thu Open 24 hours');
  });

  it('says Unknown for unknown hours and Closed when no day opens', () => {
    expect(hoursLineText(null)).toBe('Unknown');
    expect(hoursLineText([])).toBe('Closed');
  });
});
