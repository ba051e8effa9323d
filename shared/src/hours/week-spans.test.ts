import { describe, expect, it } from 'vitest';
import type { HoursRange } from '../schemas/restroom.js';
import { hoursIsOpenOnClock, hoursRangeCovers } from './open-now.js';
import { spansHold, weekMinute, weekOpenSpans } from './week-spans.js';

/** Deterministic noise in [0, 1) from a counter, so a failing case is the same on every run. */
function noise(seed: number): () => number {
  let counter = seed;
  return () => {
    const x = Math.sin(++counter * 78.233) * 43758.5453;
    return x - Math.floor(x);
  };
}

/** Every minute of the week, as clocks. */
const week = Array.from({ length: 7 * 1440 }, (_, at) => ({ day: Math.floor(at / 1440), minutes: at % 1440 }));

describe('weekOpenSpans', () => {
  it('holds exactly the minutes hoursRangeCovers says, for every minute of the week and any one range', () => {
    const random = noise(1);
    // Plain hours, overnight hours, open equal to close, midnight, and times past 24:00.
    const times = [0, 1, 30, 59, 100, 930, 1200, 1259, 1700, 2359, 2400, 2430, 2460];
    const ranges: HoursRange[] = [];
    for (let day = 0; day < 7; day++) for (const open of times) for (const close of times) ranges.push({ day, open, close });
    for (let i = 0; i < 200; i++) ranges.push({ day: Math.floor(random() * 7), open: Math.floor(random() * 2500), close: Math.floor(random() * 2500) });
    const wrong: string[] = [];
    for (const range of ranges) {
      const spans = weekOpenSpans([range])!;
      for (const clock of week) {
        if (spansHold(spans, weekMinute(clock)!) !== hoursRangeCovers(range, clock)) wrong.push(`${JSON.stringify(range)} at ${clock.day}:${clock.minutes}`);
      }
      if (wrong.length > 5) break;
    }
    expect(wrong).toEqual([]);
  });

  it('answers as hoursIsOpenOnClock for a week of several ranges, and unknown hours are never open', () => {
    const hours: HoursRange[] = [
      { day: 6, open: 1200, close: 200 },
      { day: 1, open: 1100, close: 1400 },
      { day: 1, open: 1600, close: 2100 },
      { day: 3, open: 900, close: 900 },
    ];
    const spans = weekOpenSpans(hours)!;
    expect(week.filter((clock) => spansHold(spans, weekMinute(clock)!) !== hoursIsOpenOnClock(hours, clock))).toEqual([]);
    expect(weekOpenSpans(null)).toEqual([]);
    expect(weekOpenSpans([])).toEqual([]);
  });

  it('declines hours it cannot promise to match, so the caller asks the ranges themselves', () => {
    expect(weekOpenSpans([{ day: 7, open: 900, close: 1700 }])).toBeNull();
    expect(weekOpenSpans([{ day: 1, open: 900.5, close: 1700 }])).toBeNull();
    expect(weekOpenSpans([{ day: 1, open: 900, close: -1 }])).toBeNull();
    expect(weekMinute({ day: -1, minutes: 0 })).toBeNull();
    expect(weekMinute({ day: 2, minutes: 61 })).toBe(2 * 1440 + 61);
  });
});
