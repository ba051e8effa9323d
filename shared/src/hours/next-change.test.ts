import { describe, expect, it } from 'vitest';
import type { HoursRange } from '../schemas/restroom.js';
import { dayNameInSentence } from './format.js';
import { hoursOutlook, hoursOutlookOnClock } from './next-change.js';
import { hoursOpenState } from './open-now.js';

const CHICAGO = 'America/Chicago';
const DENVER = 'America/Denver';
const at = (iso: string) => new Date(iso);
const everyDay = (open: number, close: number): HoursRange[] => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open, close }));
// Days of the week, 0 Sunday, for reading the tests.
const [SUN, MON, TUE, WED, THU, FRI, SAT] = [0, 1, 2, 3, 4, 5, 6];

describe('hoursOutlook', () => {
  it('says nothing for unknown hours', () => {
    expect(hoursOutlook(null, at('2026-11-25T15:30:00Z'), CHICAGO)).toBeNull();
    expect(hoursOutlook([], at('2026-11-25T15:30:00Z'), CHICAGO)).toBeNull();
  });

  it('says when a closed restroom opens later today, and when an open one closes', () => {
    const hours = everyDay(700, 2100);
    // Wednesday 25 Nov 2026, 5:30am in Chicago.
    expect(hoursOutlook(hours, at('2026-11-25T11:30:00Z'), CHICAGO)).toEqual({
      state: 'closed',
      opens: { day: WED, hhmm: 700, daysAhead: 0, minutesAhead: 90 },
    });
    // 9:30am in Chicago.
    expect(hoursOutlook(hours, at('2026-11-25T15:30:00Z'), CHICAGO)).toEqual({
      state: 'open',
      closes: { day: WED, hhmm: 2100, daysAhead: 0, minutesAhead: 690 },
      allDay: false,
    });
    // 9pm sharp: closed, and it opens tomorrow.
    expect(hoursOutlook(hours, at('2026-11-26T03:00:00Z'), CHICAGO)).toEqual({
      state: 'closed',
      opens: { day: THU, hhmm: 700, daysAhead: 1, minutesAhead: 600 },
    });
  });

  it('follows hours past midnight: open at 1am on the range that began the evening before, closing at 2am', () => {
    const hours: HoursRange[] = [{ day: FRI, open: 2000, close: 200 }];
    // Saturday 28 Nov 2026, 1:00am in Chicago (07:00Z).
    expect(hoursOutlook(hours, at('2026-11-28T07:00:00Z'), CHICAGO)).toEqual({
      state: 'open',
      closes: { day: SAT, hhmm: 200, daysAhead: 0, minutesAhead: 60 },
      allDay: false,
    });
    // Friday 11pm: closes tomorrow at 2am, within the day ahead.
    expect(hoursOutlook(hours, at('2026-11-28T05:00:00Z'), CHICAGO)).toEqual({
      state: 'open',
      closes: { day: SAT, hhmm: 200, daysAhead: 1, minutesAhead: 180 },
      allDay: false,
    });
    // Saturday 3am: closed until next Friday evening.
    expect(hoursOutlook(hours, at('2026-11-28T09:00:00Z'), CHICAGO)).toEqual({
      state: 'closed',
      opens: { day: FRI, hhmm: 2000, daysAhead: 6, minutesAhead: 6 * 1440 + 17 * 60 },
    });
  });

  it("reads the restroom's own clock, not the phone's: one instant, Chicago open and Denver not yet", () => {
    const hours = everyDay(900, 1700);
    // 15:30Z on a Wednesday: 9:30am in Chicago, 8:30am in Denver. The test's own zone plays no part.
    const instant = at('2026-11-25T15:30:00Z');
    expect(hoursOutlook(hours, instant, CHICAGO)).toMatchObject({ state: 'open', closes: { day: WED, hhmm: 1700, daysAhead: 0 } });
    expect(hoursOutlook(hours, instant, DENVER)).toEqual({ state: 'closed', opens: { day: WED, hhmm: 900, daysAhead: 0, minutesAhead: 30 } });
    // A restroom in Tokyo at that instant: already Thursday 12:30am there, so it opens this (its) morning.
    expect(hoursOutlook(hours, instant, 'Asia/Tokyo')).toEqual({ state: 'closed', opens: { day: THU, hhmm: 900, daysAhead: 0, minutesAhead: 510 } });
  });

  it('says open all day for a round-the-clock day, and never closing for a round-the-clock week', () => {
    // Open equal to close means open around the clock that day: Wednesday only.
    const wednesday: HoursRange[] = [{ day: WED, open: 0, close: 0 }];
    expect(hoursOutlook(wednesday, at('2026-11-25T15:30:00Z'), CHICAGO)).toEqual({
      state: 'open',
      closes: { day: THU, hhmm: 0, daysAhead: 1, minutesAhead: 14 * 60 + 30 },
      allDay: true,
    });
    expect(hoursOutlook(everyDay(0, 0), at('2026-11-25T15:30:00Z'), CHICAGO)).toEqual({ state: 'open', closes: null, allDay: true });
    // Open from 6am to midnight is not all day: it opened this morning.
    expect(hoursOutlook(everyDay(600, 0), at('2026-11-25T15:30:00Z'), CHICAGO)).toMatchObject({ state: 'open', allDay: false });
  });

  it('runs on through days that join: open around the clock Wednesday and Thursday closes Friday', () => {
    const hours: HoursRange[] = [{ day: WED, open: 0, close: 0 }, { day: THU, open: 0, close: 0 }, { day: FRI, open: 0, close: 300 }];
    expect(hoursOutlookOnClock(hours, { day: WED, minutes: 10 * 60 })).toEqual({
      state: 'open',
      closes: { day: FRI, hhmm: 300, daysAhead: 2, minutesAhead: 14 * 60 + 1440 + 180 },
      allDay: true,
    });
  });

  it('skips a day closed all day to the next day that opens', () => {
    // Weekdays only; on Saturday morning it next opens Monday.
    const weekdays: HoursRange[] = [MON, TUE, WED, THU, FRI].map((day) => ({ day, open: 800, close: 1800 }));
    expect(hoursOutlookOnClock(weekdays, { day: SAT, minutes: 10 * 60 })).toEqual({
      state: 'closed',
      opens: { day: MON, hhmm: 800, daysAhead: 2, minutesAhead: 2 * 1440 - 120 },
    });
    // Sunday only: on a Monday, six days ahead.
    expect(hoursOutlookOnClock([{ day: SUN, open: 1000, close: 1400 }], { day: MON, minutes: 9 * 60 })).toMatchObject({
      state: 'closed',
      opens: { day: SUN, hhmm: 1000, daysAhead: 6 },
    });
  });

  it('picks the earliest of several ranges, and the next range later the same day', () => {
    const hours: HoursRange[] = [{ day: MON, open: 1600, close: 2100 }, { day: MON, open: 1100, close: 1400 }];
    expect(hoursOutlookOnClock(hours, { day: MON, minutes: 15 * 60 })).toEqual({
      state: 'closed',
      opens: { day: MON, hhmm: 1600, daysAhead: 0, minutesAhead: 60 },
    });
    expect(hoursOutlookOnClock(hours, { day: MON, minutes: 12 * 60 })).toMatchObject({ state: 'open', closes: { hhmm: 1400, daysAhead: 0 } });
  });

  it('says closed with no opening when no day of the week opens, and agrees with the badge everywhere', () => {
    // A range of a shape the week's spans cannot follow: closed, and nothing promised.
    expect(hoursOutlookOnClock([{ day: 9, open: 900, close: 1700 }], { day: MON, minutes: 600 })).toEqual({ state: 'closed', opens: null });
    const mixed: HoursRange[] = [{ day: SAT, open: 1200, close: 300 }, { day: SUN, open: 1100, close: 2200 }, { day: WED, open: 1600, close: 2200 }];
    for (let hour = 0; hour < 24 * 7; hour += 1) {
      const instant = new Date(Date.UTC(2026, 10, 22, hour, 17));
      expect(hoursOutlook(mixed, instant, CHICAGO)?.state).toBe(hoursOpenState(mixed, instant, CHICAGO));
    }
  });
});

describe('dayNameInSentence', () => {
  it('writes a short day as a sentence holds it, in each language', () => {
    expect(dayNameInSentence(MON)).toBe('Mon');
    expect(dayNameInSentence(MON, 'es')).toBe('lun');
    expect(dayNameInSentence(SAT, 'es-MX')).toBe('sáb');
  });
});
