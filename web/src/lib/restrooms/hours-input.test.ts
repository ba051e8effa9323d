import { describe, expect, it } from 'vitest';
import {
  allDaysSame,
  dayToRepeat,
  everyDayLike,
  hhmmToTimeValue,
  hoursInputOf,
  timeValueToHhmm,
  weeklyHoursOf,
  type HoursInput,
} from './hours-input';

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

const WEEK = [1, 2, 3, 4, 5, 6, 0];
const nineToFive = WEEK.map((day) => ({ day, open: 900, close: 1700 }));

describe('same hours every day', () => {
  it('sees seven alike days as one, a closed day\'s kept times aside', () => {
    expect(allDaysSame(hoursInputOf(null).days)).toBe(true);
    expect(allDaysSame(hoursInputOf(nineToFive).days)).toBe(true);
    expect(allDaysSame(hoursInputOf([...nineToFive.slice(0, 6), { day: 0, open: 900, close: 1600 }]).days)).toBe(false);
    expect(allDaysSame(hoursInputOf(nineToFive.slice(0, 6)).days)).toBe(false);
    const closedWithTimes = hoursInputOf([{ day: 2, open: 900, close: 1700 }]);
    dayOf(closedWithTimes, 2).mode = 'closed';
    expect(allDaysSame(closedWithTimes.days)).toBe(true);
  });

  it('spreads the first day that opens to all seven, each with its own ranges', () => {
    // Closed on Mondays, like many museums: Tuesday's hours are the ones meant.
    const input = hoursInputOf([{ day: 2, open: 1000, close: 1700 }, { day: 6, open: 1100, close: 1500 }]);
    const template = dayToRepeat(input)!;
    expect(template.day).toBe(2);
    const week = everyDayLike(input, template);
    expect(week.days.map((row) => row.day)).toEqual(WEEK);
    expect(weeklyHoursOf(week).hours).toEqual(WEEK.map((day) => ({ day, open: 1000, close: 1700 })));
    week.days[0]!.ranges[0]!.close = '18:00';
    expect(week.days[1]!.ranges[0]!.close).toBe('17:00');
    expect(dayToRepeat(hoursInputOf(null))?.day).toBe(1);
  });

  it('names "every day" rather than Monday when all seven days are alike', () => {
    const missing = everyDayLike(hoursInputOf(nineToFive), { day: 1, mode: 'open', ranges: [{ open: '09:00', close: '' }] });
    expect(weeklyHoursOf(missing).problem?.message).toBe('Enter both times for every day, or mark it closed.');
    const same = everyDayLike(hoursInputOf(nineToFive), { day: 1, mode: 'open', ranges: [{ open: '09:00', close: '09:00' }] });
    expect(weeklyHoursOf(same).problem?.message).toBe('Every day opens and closes at the same time. Choose "Open 24 hours" instead.');
    const empty = everyDayLike(hoursInputOf(nineToFive), { day: 1, mode: 'open', ranges: [] });
    expect(weeklyHoursOf(empty).problem?.message).toBe('Add opening hours for every day, or mark it closed.');
  });
});
