import { describe, expect, it } from 'vitest';
import { hhmmToTimeValue, hoursInputOf, timeValueToHhmm, weeklyHoursOf, type HoursInput } from './hours-input';

describe('time values', () => {
  it('writes HHMM numbers as the time input does', () => {
    expect(hhmmToTimeValue(930)).toBe('09:30');
    expect(hhmmToTimeValue(0)).toBe('00:00');
    expect(hhmmToTimeValue(1200)).toBe('12:00');
    expect(hhmmToTimeValue(2359)).toBe('23:59');
  });

  it('reads the time input back as HHMM, and nothing else', () => {
    expect(timeValueToHhmm('09:30')).toBe(930);
    expect(timeValueToHhmm('00:00')).toBe(0);
    expect(timeValueToHhmm('23:59')).toBe(2359);
    expect(timeValueToHhmm('17:45:30')).toBe(1745);
    expect(timeValueToHhmm('')).toBeNull();
    expect(timeValueToHhmm('24:00')).toBeNull();
    expect(timeValueToHhmm('9:30')).toBeNull();
    expect(timeValueToHhmm('12:60')).toBeNull();
  });

  it('round-trips every minute of the day', () => {
    for (let hhmm = 0; hhmm <= 2359; hhmm++) {
      if (hhmm % 100 > 59) continue;
      expect(timeValueToHhmm(hhmmToTimeValue(hhmm))).toBe(hhmm);
    }
  });
});

const dayOf = (input: HoursInput, day: number) => input.days.find((row) => row.day === day)!;

describe('hoursInputOf', () => {
  it('starts unknown, every day closed, when the hours are unknown', () => {
    const input = hoursInputOf(null);
    expect(input.known).toBe(false);
    expect(input.days.map((row) => row.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(input.days.every((row) => row.mode === 'closed')).toBe(true);
  });

  it('gives each day its ranges in order, open around the clock, or closed', () => {
    const input = hoursInputOf([
      { day: 1, open: 1300, close: 1700 },
      { day: 1, open: 800, close: 1200 },
      { day: 5, open: 1800, close: 200 },
      { day: 6, open: 0, close: 0 },
    ]);
    expect(input.known).toBe(true);
    expect(dayOf(input, 1)).toEqual({
      day: 1,
      mode: 'open',
      ranges: [
        { open: '08:00', close: '12:00' },
        { open: '13:00', close: '17:00' },
      ],
    });
    expect(dayOf(input, 5)).toEqual({ day: 5, mode: 'open', ranges: [{ open: '18:00', close: '02:00' }] });
    expect(dayOf(input, 6)).toEqual({ day: 6, mode: 'all-day', ranges: [] });
    expect(dayOf(input, 0)).toEqual({ day: 0, mode: 'closed', ranges: [] });
  });
});

describe('weeklyHoursOf', () => {
  it('sends unknown hours as null', () => {
    expect(weeklyHoursOf(hoursInputOf([{ day: 1, open: 900, close: 1700 }]))).toMatchObject({ hours: [{ day: 1, open: 900, close: 1700 }] });
    expect(weeklyHoursOf({ ...hoursInputOf([{ day: 1, open: 900, close: 1700 }]), known: false })).toEqual({ hours: null, problem: null });
  });

  it('gives back the hours it was filled from, past-midnight and all-day ranges included', () => {
    const hours = [
      { day: 1, open: 800, close: 1200 },
      { day: 1, open: 1300, close: 1700 },
      { day: 5, open: 1800, close: 200 },
      { day: 6, open: 0, close: 0 },
    ];
    expect(weeklyHoursOf(hoursInputOf(hours))).toEqual({ hours, problem: null });
  });

  it('leaves out a closed day, even with times kept from before it was closed', () => {
    const input = hoursInputOf([{ day: 2, open: 900, close: 1700 }, { day: 3, open: 1000, close: 1400 }]);
    dayOf(input, 3).mode = 'closed';
    expect(weeklyHoursOf(input).hours).toEqual([{ day: 2, open: 900, close: 1700 }]);
  });

  it('names the day with a missing time, or a range that opens and closes at once', () => {
    const missing = hoursInputOf([{ day: 2, open: 900, close: 1700 }]);
    dayOf(missing, 2).ranges[0]!.close = '';
    expect(weeklyHoursOf(missing)).toEqual({
      hours: null,
      problem: { field: 'bathroomHours', message: 'Enter both times for Tuesday, or mark it closed.' },
    });

    const same = hoursInputOf([{ day: 4, open: 900, close: 1700 }]);
    dayOf(same, 4).ranges[0]!.close = '09:00';
    expect(weeklyHoursOf(same).problem?.message).toBe('Thursday opens and closes at the same time. Choose "Open 24 hours" instead.');

    const empty = hoursInputOf([{ day: 4, open: 900, close: 1700 }]);
    dayOf(empty, 4).ranges = [];
    expect(weeklyHoursOf(empty).problem?.message).toBe('Add opening hours for Thursday, or mark it closed.');
  });

  it('refuses a known week with no opening at all', () => {
    expect(weeklyHoursOf({ ...hoursInputOf(null), known: true }).problem?.message).toBe(
      'Choose the days it opens, or check "Hours unknown".',
    );
  });
});
