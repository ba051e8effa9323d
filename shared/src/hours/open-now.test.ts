import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HoursRange } from '../schemas/restroom.js';
import { clockInTimeZone } from './clock.js';
import { hoursIsOpenAt, hoursIsOpenOnClock, hoursOpenState, hoursOpenStateOnClock } from './open-now.js';

const CHICAGO = 'America/Chicago';
const at = (iso: string) => new Date(iso);

// Real listings from the demo data (Refuge ids), whose ranges run past midnight.
const lundsLakeStreet: HoursRange[] = [
  { day: 0, open: 1200, close: 200 }, { day: 1, open: 1200, close: 200 }, { day: 2, open: 1200, close: 200 },
  { day: 3, open: 1200, close: 200 }, { day: 4, open: 1200, close: 200 }, { day: 5, open: 1200, close: 300 },
  { day: 6, open: 1200, close: 300 },
]; // 19238
const punchPizza: HoursRange[] = [
  { day: 0, open: 1100, close: 2200 }, { day: 3, open: 1600, close: 2200 }, { day: 4, open: 1600, close: 2200 },
  { day: 5, open: 1600, close: 100 }, { day: 6, open: 1100, close: 100 },
]; // 18308
const eastsideCoop: HoursRange[] = [
  { day: 1, open: 1100, close: 1400 }, { day: 1, open: 1600, close: 2100 },
]; // 31883, Monday

describe('hoursOpenState', () => {
  it('gives no badge when hours are unknown', () => {
    expect(hoursOpenState(null, at('2026-11-21T18:00:00Z'), CHICAGO)).toBeNull();
    expect(hoursOpenState([], at('2026-11-21T18:00:00Z'), CHICAGO)).toBeNull();
    expect(hoursIsOpenAt(null, at('2026-11-21T18:00:00Z'), CHICAGO)).toBe(false);
  });

  it("counts yesterday's overnight range in today's early hours, on every day of the week", () => {
    // November 2026 is CST (UTC-6). Sat 2:30am: Friday's noon-3am range is still running.
    expect(hoursOpenState(lundsLakeStreet, at('2026-11-21T08:30:00Z'), CHICAGO)).toBe('open');
    // Sun 2:30am: Saturday's range closes at 3am.
    expect(hoursOpenState(lundsLakeStreet, at('2026-11-22T08:30:00Z'), CHICAGO)).toBe('open');
    // Mon 2:30am: Sunday's range closed at 2am.
    expect(hoursOpenState(lundsLakeStreet, at('2026-11-23T08:30:00Z'), CHICAGO)).toBe('closed');
    // Wed 1:59am: Tuesday's range (the seed only got Monday right) is still open.
    expect(hoursOpenState(lundsLakeStreet, at('2026-11-25T07:59:00Z'), CHICAGO)).toBe('open');
    expect(hoursOpenState(lundsLakeStreet, at('2026-11-25T08:00:00Z'), CHICAGO)).toBe('closed');
    // Sun 11am: closed until noon.
    expect(hoursOpenState(lundsLakeStreet, at('2026-11-22T17:00:00Z'), CHICAGO)).toBe('closed');
  });

  it('does not carry an overnight range into a day whose own hours are closed', () => {
    // Sun 12:30am: Saturday 11am-1am still open. Sun 1:30am: closed.
    expect(hoursOpenState(punchPizza, at('2026-11-22T06:30:00Z'), CHICAGO)).toBe('open');
    expect(hoursOpenState(punchPizza, at('2026-11-22T07:30:00Z'), CHICAGO)).toBe('closed');
    // Mon 12:30am: Sunday closed at 10pm, nothing spills over.
    expect(hoursOpenState(punchPizza, at('2026-11-23T06:30:00Z'), CHICAGO)).toBe('closed');
    // Tue 5pm: no Tuesday hours at all. Wed 5pm: open.
    expect(hoursOpenState(punchPizza, at('2026-11-24T23:00:00Z'), CHICAGO)).toBe('closed');
    expect(hoursOpenState(punchPizza, at('2026-11-25T23:00:00Z'), CHICAGO)).toBe('open');
  });

  it('handles several ranges on one day, with close exclusive', () => {
    expect(hoursOpenState(eastsideCoop, at('2026-11-23T18:00:00Z'), CHICAGO)).toBe('open'); // Mon noon
    expect(hoursOpenState(eastsideCoop, at('2026-11-23T21:00:00Z'), CHICAGO)).toBe('closed'); // Mon 3pm
    expect(hoursOpenState(eastsideCoop, at('2026-11-23T20:00:00Z'), CHICAGO)).toBe('closed'); // Mon 2pm sharp
    expect(hoursOpenState(eastsideCoop, at('2026-11-23T23:00:00Z'), CHICAGO)).toBe('open'); // Mon 5pm
  });

  it("reads the region's clock, not UTC's", () => {
    // 2026-11-22T03:30Z is Saturday 9:30pm in Minneapolis but Sunday 3:30am in UTC.
    expect(hoursOpenState(lundsLakeStreet, at('2026-11-22T03:30:00Z'), CHICAGO)).toBe('open');
    expect(hoursOpenState(lundsLakeStreet, at('2026-11-22T03:30:00Z'), 'UTC')).toBe('closed');
  });

  it('follows the clocks across daylight-saving changes', () => {
    const sundayFrom3am: HoursRange[] = [{ day: 0, open: 300, close: 900 }];
    // Spring forward, 2026-03-08: 08:30Z is 3:30am CDT (a fixed CST offset would say 2:30am).
    expect(hoursOpenState(sundayFrom3am, at('2026-03-08T08:30:00Z'), CHICAGO)).toBe('open');
    expect(hoursOpenState(sundayFrom3am, at('2026-03-08T07:30:00Z'), CHICAGO)).toBe('closed'); // 1:30am CST
    // Fall back, 2026-11-01: 08:30Z is 2:30am CST (a fixed CDT offset would say 3:30am).
    expect(hoursOpenState(sundayFrom3am, at('2026-11-01T08:30:00Z'), CHICAGO)).toBe('closed');
    expect(hoursOpenState(sundayFrom3am, at('2026-11-01T09:30:00Z'), CHICAGO)).toBe('open');
    // 1:30am happens twice that night; Saturday's range to 2am covers both.
    const saturdayLate: HoursRange[] = [{ day: 6, open: 1800, close: 200 }];
    expect(hoursOpenState(saturdayLate, at('2026-11-01T06:30:00Z'), CHICAGO)).toBe('open');
    expect(hoursOpenState(saturdayLate, at('2026-11-01T07:30:00Z'), CHICAGO)).toBe('open');
    expect(hoursOpenState(saturdayLate, at('2026-11-01T08:30:00Z'), CHICAGO)).toBe('closed');
  });

  it('treats open equal to close as open around the clock that day', () => {
    const allDayMonday: HoursRange[] = [{ day: 1, open: 0, close: 0 }];
    expect(hoursOpenState(allDayMonday, at('2026-11-23T06:00:00Z'), CHICAGO)).toBe('open'); // Mon 12am
    expect(hoursOpenState(allDayMonday, at('2026-11-24T05:59:00Z'), CHICAGO)).toBe('open'); // Mon 11:59pm
    expect(hoursOpenState(allDayMonday, at('2026-11-24T06:00:00Z'), CHICAGO)).toBe('closed'); // Tue
  });

  it('agrees with a minute-by-minute model of the week for every demo listing', () => {
    // The reference marks each open minute of a 7-day week; hours in UTC keep wall clock = instant.
    type Listing = { refuge_id: number; periods: HoursRange[] | null };
    const listings = JSON.parse(
      readFileSync(new URL('../../../api/seed/mn-restrooms.json', import.meta.url), 'utf8'),
    ) as Listing[];
    const week = 7 * 24 * 60;
    const sunday = Date.UTC(2026, 10, 22); // a Sunday, 00:00 UTC
    let checked = 0;
    for (const { refuge_id, periods } of listings) {
      if (!periods) continue;
      const openMinutes = new Uint8Array(week);
      for (const { day, open, close } of periods) {
        const start = day * 1440 + Math.floor(open / 100) * 60 + (open % 100);
        let end = day * 1440 + Math.floor(close / 100) * 60 + (close % 100);
        if (end <= start) end += 1440;
        for (let m = start; m < end; m++) openMinutes[m % week] = 1;
      }
      for (let m = 0; m < week; m += 37) {
        const expected = openMinutes[m] === 1 ? 'open' : 'closed';
        const actual = hoursOpenState(periods, new Date(sunday + m * 60_000), 'UTC');
        if (actual !== expected) throw new Error(`listing ${refuge_id} at minute ${m}: ${actual} vs ${expected}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(465 * 270);
  });
});

describe('hoursOpenStateOnClock', () => {
  it('gives the same answer as reading the clock per restroom, for every demo listing across a week in Chicago', () => {
    type Listing = { periods: HoursRange[] | null };
    const listings = JSON.parse(
      readFileSync(new URL('../../../api/seed/mn-restrooms.json', import.meta.url), 'utf8'),
    ) as Listing[];
    // The week of the fall-back Sunday, in steps that drift across the hours and minutes.
    const start = Date.UTC(2026, 10, 1);
    const differing: string[] = [];
    for (let m = 0; m < 7 * 24 * 60; m += 211) {
      const instant = new Date(start + m * 60_000);
      const clock = clockInTimeZone(instant, CHICAGO);
      for (const { periods } of listings) {
        const state = hoursOpenStateOnClock(periods, clock);
        if (state !== hoursOpenState(periods, instant, CHICAGO) || hoursIsOpenOnClock(periods, clock) !== (state === 'open')) {
          differing.push(`${instant.toISOString()}: ${JSON.stringify(periods)}`);
        }
      }
    }
    expect(differing).toEqual([]);
  });

  it('gives no badge for unknown hours and does not let them pass as open', () => {
    const noon = { day: 3, minutes: 12 * 60 };
    expect(hoursOpenStateOnClock(null, noon)).toBeNull();
    expect(hoursOpenStateOnClock([], noon)).toBeNull();
    expect(hoursIsOpenOnClock(null, noon)).toBe(false);
    expect(hoursOpenStateOnClock(eastsideCoop, { day: 1, minutes: 12 * 60 })).toBe('open');
    expect(hoursOpenStateOnClock(eastsideCoop, { day: 1, minutes: 15 * 60 })).toBe('closed');
  });
});
