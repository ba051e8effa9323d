import { describe, expect, it } from 'vitest';
import { openingHoursText } from './opening-hours-text.js';

describe('openingHoursText', () => {
  it('writes days with the same hours as one rule, Monday first, spans with a dash', () => {
    const weekdays = [5, 4, 3, 2, 1].map((day) => ({ day, open: 700, close: 2200 }));
    const weekend = [0, 6].map((day) => ({ day, open: 930, close: 1800 }));
    expect(openingHoursText([...weekend, ...weekdays])).toBe('Mo-Fr 07:00-22:00, Sa-Su 09:30-18:00');
  });

  it('joins days apart with a comma and leaves closed days out', () => {
    const hours = [1, 3, 5].map((day) => ({ day, open: 900, close: 1700 }));
    expect(openingHoursText([...hours, { day: 2, open: 1000, close: 1200 }])).toBe('Mo,We,Fr 09:00-17:00, Tu 10:00-12:00');
  });

  it('writes split days in order, whole days as 00:00-24:00 and late nights past midnight', () => {
    const hours = [
      { day: 2, open: 1300, close: 1700 },
      { day: 2, open: 800, close: 1200 },
      { day: 4, open: 0, close: 0 },
      { day: 5, open: 1800, close: 200 },
    ];
    expect(openingHoursText(hours)).toBe('Tu 08:00-12:00,13:00-17:00, Th 00:00-24:00, Fr 18:00-02:00');
  });

  it('adds each rule to the others, so a late night is not cut off by the rule of the day after', () => {
    const hours = [4, 5].map((day) => ({ day, open: 1200, close: day === 4 ? 200 : 300 }));
    expect(openingHoursText(hours)).toBe('Th 12:00-02:00, Fr 12:00-03:00');
  });

  it('is empty when the hours are unknown', () => {
    expect(openingHoursText(null)).toBe('');
  });
});
