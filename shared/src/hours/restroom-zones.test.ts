import { describe, expect, it } from 'vitest';
import type { HoursRange } from '../schemas/restroom.js';
import { clockInTimeZone, clocksAt, restroomTimeZone } from './clock.js';
import { hoursOpenState, hoursOpenStateOnClock } from './open-now.js';

/*
 * Each restroom's hours are read on its own clock (docs/product-rules.md#opening-hours-and-open-now):
 * a deployment spanning Chicago and Denver, one hour apart and each changing its clocks at its own
 * 2am, so for an hour on each daylight-saving Sunday they are two hours or no hours apart.
 */

const CHICAGO = 'America/Chicago';
const DENVER = 'America/Denver';
const at = (iso: string) => new Date(iso);
const states = (hours: HoursRange[], iso: string) => [hoursOpenState(hours, at(iso), CHICAGO), hoursOpenState(hours, at(iso), DENVER)];

const NINE_TO_FIVE: HoursRange[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: 900, close: 1700 }));

describe('the same hours in Chicago and in Denver', () => {
  it('are open in one and closed in the other at one instant, an hour either side of the day', () => {
    // Wednesday 2026-11-25, 15:30Z: 9:30am CST, 8:30am MST.
    expect(states(NINE_TO_FIVE, '2026-11-25T15:30:00Z')).toEqual(['open', 'closed']);
    // 16:00Z: 10am and 9am, both open.
    expect(states(NINE_TO_FIVE, '2026-11-25T16:00:00Z')).toEqual(['open', 'open']);
    // 23:30Z: 5:30pm and 4:30pm.
    expect(states(NINE_TO_FIVE, '2026-11-25T23:30:00Z')).toEqual(['closed', 'open']);
    // In July, on daylight time, the same: 14:30Z is 9:30am CDT and 8:30am MDT.
    expect(states(NINE_TO_FIVE, '2026-07-15T14:30:00Z')).toEqual(['open', 'closed']);
  });

  it('follow the spring-forward Sunday, when Chicago has changed its clocks and Denver not yet', () => {
    const sundayFrom3am: HoursRange[] = [{ day: 0, open: 300, close: 900 }];
    // 2026-03-08, 07:30Z: 1:30am CST and 12:30am MST; neither has changed.
    expect(states(sundayFrom3am, '2026-03-08T07:30:00Z')).toEqual(['closed', 'closed']);
    // 08:30Z: Chicago jumped from 2am to 3am at 08:00Z (3:30am CDT); Denver is at 1:30am MST.
    expect(states(sundayFrom3am, '2026-03-08T08:30:00Z')).toEqual(['open', 'closed']);
    expect(clockInTimeZone(at('2026-03-08T08:30:00Z'), CHICAGO)).toEqual({ day: 0, minutes: 3 * 60 + 30 });
    expect(clockInTimeZone(at('2026-03-08T08:30:00Z'), DENVER)).toEqual({ day: 0, minutes: 60 + 30 });
    // 09:30Z: Denver has jumped too (3:30am MDT); Chicago is at 4:30am.
    expect(states(sundayFrom3am, '2026-03-08T09:30:00Z')).toEqual(['open', 'open']);
  });

  it('follow the fall-back Sunday, 1:30am coming twice in each, an hour apart', () => {
    const oneToTwo: HoursRange[] = [{ day: 0, open: 100, close: 200 }];
    // 2026-11-01, 06:30Z: 1:30am CDT (the first) in Chicago, 12:30am MDT in Denver.
    expect(states(oneToTwo, '2026-11-01T06:30:00Z')).toEqual(['open', 'closed']);
    // 07:30Z: Chicago fell back at 07:00Z to 1:30am CST (the second); Denver is at its first 1:30am MDT.
    expect(states(oneToTwo, '2026-11-01T07:30:00Z')).toEqual(['open', 'open']);
    expect(clockInTimeZone(at('2026-11-01T07:30:00Z'), CHICAGO)).toEqual(clockInTimeZone(at('2026-11-01T07:30:00Z'), DENVER));
    // 08:30Z: 2:30am CST in Chicago, closed; Denver fell back at 08:00Z to its second 1:30am, MST.
    expect(states(oneToTwo, '2026-11-01T08:30:00Z')).toEqual(['closed', 'open']);
    // 09:30Z: 3:30am and 2:30am.
    expect(states(oneToTwo, '2026-11-01T09:30:00Z')).toEqual(['closed', 'closed']);
  });

  it('keep Arizona on standard time all year while Denver moves', () => {
    // July 14:30Z: 8:30am MDT in Denver, 7:30am MST in Phoenix.
    const eightToFive: HoursRange[] = NINE_TO_FIVE.map((range) => ({ ...range, open: 800 }));
    expect(hoursOpenState(eightToFive, at('2026-07-15T14:30:00Z'), DENVER)).toBe('open');
    expect(hoursOpenState(eightToFive, at('2026-07-15T14:30:00Z'), 'America/Phoenix')).toBe('closed');
    // In January both read 7:30am.
    expect(hoursOpenState(eightToFive, at('2026-01-14T14:30:00Z'), 'America/Phoenix')).toBe('closed');
    expect(hoursOpenState(eightToFive, at('2026-01-14T14:30:00Z'), DENVER)).toBe('closed');
  });
});

describe('clocksAt', () => {
  it("reads each zone's clock at the instant, and the region's for a restroom without a zone", () => {
    const instant = at('2026-11-01T08:30:00Z');
    const clockIn = clocksAt(instant, CHICAGO);
    for (const zone of [CHICAGO, DENVER, 'America/New_York', 'Etc/GMT+2']) expect(clockIn(zone)).toEqual(clockInTimeZone(instant, zone));
    expect(clockIn(null)).toEqual(clockInTimeZone(instant, CHICAGO));
    expect(clockIn(undefined)).toEqual(clockInTimeZone(instant, CHICAGO));
    // One reading per zone: the same object each time it is asked.
    expect(clockIn(DENVER)).toBe(clockIn(DENVER));
    expect(clockIn(null)).toBe(clockIn(CHICAGO));
  });

  it('gives what reading each restroom on its own would, across the fall-back week', () => {
    const zones = [CHICAGO, DENVER, 'America/Phoenix', null];
    const hours: HoursRange[] = [{ day: 0, open: 100, close: 200 }, { day: 6, open: 2200, close: 130 }, ...NINE_TO_FIVE];
    const differing: string[] = [];
    for (let minute = 0; minute < 7 * 24 * 60; minute += 17) {
      const instant = new Date(Date.UTC(2026, 9, 31) + minute * 60_000);
      const clockIn = clocksAt(instant, CHICAGO);
      for (const zone of zones) {
        if (hoursOpenStateOnClock(hours, clockIn(zone)) !== hoursOpenState(hours, instant, restroomTimeZone(zone, CHICAGO))) {
          differing.push(`${instant.toISOString()} ${zone}`);
        }
      }
    }
    expect(differing).toEqual([]);
  });
});
