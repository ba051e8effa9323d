import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HoursRange } from '../schemas/restroom.js';
import { HOURS_RANGES_PER_DAY_MAX, weeklyHoursProblem } from './hours.js';

describe('weeklyHoursProblem', () => {
  it('accepts a plain week, split days, ranges past midnight and the all-day 12am to 12am', () => {
    expect(weeklyHoursProblem([])).toBeNull();
    expect(
      weeklyHoursProblem([
        { day: 1, open: 900, close: 1700 },
        { day: 2, open: 1100, close: 1400 },
        { day: 2, open: 1600, close: 2100 },
        { day: 5, open: 1600, close: 200 },
        { day: 6, open: 1100, close: 200 },
        { day: 3, open: 0, close: 0 },
      ]),
    ).toBeNull();
  });

  it('accepts ranges that touch without sharing a minute', () => {
    expect(weeklyHoursProblem([{ day: 1, open: 900, close: 1200 }, { day: 1, open: 1200, close: 1700 }])).toBeNull();
    expect(weeklyHoursProblem([{ day: 1, open: 2000, close: 200 }, { day: 2, open: 200, close: 900 }])).toBeNull();
    expect(weeklyHoursProblem([{ day: 1, open: 0, close: 0 }, { day: 2, open: 0, close: 0 }])).toBeNull();
  });

  it('refuses an equal open and close other than 12am to 12am, naming the close', () => {
    expect(weeklyHoursProblem([{ day: 1, open: 900, close: 1700 }, { day: 3, open: 900, close: 900 }])).toMatchObject({
      field: 'bathroomHours.1.close',
      message: 'The closing time on Wednesday is the same as the opening time. For open all day, use 12am to 12am.',
    });
  });

  it('refuses minutes past 59, naming open or close', () => {
    expect(weeklyHoursProblem([{ day: 1, open: 975, close: 1700 }])?.field).toBe('bathroomHours.0.open');
    expect(weeklyHoursProblem([{ day: 1, open: 900, close: 1760 }])?.field).toBe('bathroomHours.0.close');
  });

  it(`refuses more than ${HOURS_RANGES_PER_DAY_MAX} ranges on one day, naming the first one too many`, () => {
    const many: HoursRange[] = [800, 1000, 1200, 1400, 1600].map((open) => ({ day: 4, open, close: open + 100 }));
    expect(weeklyHoursProblem(many.slice(0, HOURS_RANGES_PER_DAY_MAX))).toBeNull();
    expect(weeklyHoursProblem(many)).toMatchObject({ field: 'bathroomHours.4', message: 'Thursday has more than 4 opening times.' });
  });

  it('refuses overlapping ranges on one day, naming the later one', () => {
    expect(weeklyHoursProblem([{ day: 1, open: 900, close: 1400 }, { day: 1, open: 1300, close: 1700 }])).toMatchObject({
      field: 'bathroomHours.1',
      message: 'The opening times on Monday overlap another range.',
    });
    expect(weeklyHoursProblem([{ day: 1, open: 900, close: 1700 }, { day: 1, open: 900, close: 1700 }])?.field).toBe('bathroomHours.1');
    expect(weeklyHoursProblem([{ day: 1, open: 0, close: 0 }, { day: 1, open: 900, close: 1000 }])?.field).toBe('bathroomHours.1');
  });

  it('refuses a late range that runs into the next day’s first one, Saturday into Sunday included', () => {
    expect(weeklyHoursProblem([{ day: 2, open: 700, close: 1200 }, { day: 1, open: 2000, close: 800 }])?.field).toBe('bathroomHours.1');
    expect(weeklyHoursProblem([{ day: 0, open: 100, close: 900 }, { day: 6, open: 2200, close: 200 }])?.field).toBe('bathroomHours.1');
  });

  it('names the field it is given', () => {
    expect(weeklyHoursProblem([{ day: 1, open: 900, close: 900 }], 'hours')?.field).toBe('hours.0.close');
  });

  it('accepts every demo listing’s hours', () => {
    type Listing = { refuge_id: number; periods: HoursRange[] | null };
    const listings = JSON.parse(readFileSync(new URL('../../../api/seed/mn-restrooms.json', import.meta.url), 'utf8')) as Listing[];
    const refused = listings.filter(({ periods }) => periods !== null && weeklyHoursProblem(periods) !== null);
    expect(refused.map((listing) => listing.refuge_id)).toEqual([]);
    expect(listings.filter(({ periods }) => periods !== null).length).toBeGreaterThan(400);
  });
});
