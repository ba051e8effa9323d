import { describe, expect, it } from 'vitest';
import { hhmmFormat, hoursPanelRows } from './format.js';

describe('hhmmFormat', () => {
  it.each([
    [0, '12am'],
    [30, '12:30am'],
    [100, '1am'],
    [830, '8:30am'],
    [1159, '11:59am'],
    [1200, '12pm'],
    [1205, '12:05pm'],
    [1730, '5:30pm'],
    [2359, '11:59pm'],
  ])('%i reads as %s', (hhmm, text) => {
    expect(hhmmFormat(hhmm)).toBe(text);
  });
});

describe('hoursPanelRows', () => {
  it('is hidden when hours are unknown or no day Monday to Saturday opens', () => {
    expect(hoursPanelRows(null)).toBeNull();
    expect(hoursPanelRows([])).toBeNull();
    expect(hoursPanelRows([{ day: 0, open: 900, close: 1700 }])).toBeNull();
  });

  it('lists Monday to Sunday, joins split days and marks closed days', () => {
    // Eastside Food Co-op (Refuge 31883): a lunch break on weekdays.
    const rows = hoursPanelRows([
      { day: 1, open: 1600, close: 2100 },
      { day: 1, open: 1100, close: 1400 },
      { day: 5, open: 1100, close: 2100 },
      { day: 0, open: 1100, close: 2100 },
    ]);
    expect(rows?.map((r) => r.dayName)).toEqual([
      'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
    ]);
    expect(rows?.[0]?.text).toBe('11am - 2pm, 4pm - 9pm');
    expect(rows?.[1]?.text).toBe('Closed');
    expect(rows?.[4]?.text).toBe('11am - 9pm');
    expect(rows?.[6]?.text).toBe('11am - 9pm');
  });

  it('shows an overnight range on the day it opens, and minutes when they matter', () => {
    const rows = hoursPanelRows([{ day: 6, open: 1630, close: 200 }]);
    expect(rows?.[5]).toEqual({ day: 6, dayName: 'Saturday', text: '4:30pm - 2am' });
  });
});
