import { describe, expect, it } from 'vitest';
import { KILOMETRES_PER_MILE } from './distance.js';
import { LONGEST_WALK_MINUTES, walkingTime, WALKING_PACE_KMH } from './walking-time.js';

/** The miles that take exactly `minutes` at the pace. */
const milesFor = (minutes: number) => ((minutes / 60) * WALKING_PACE_KMH) / KILOMETRES_PER_MILE;

describe('walkingTime', () => {
  it('walks 4.8 km in an hour', () => {
    expect(walkingTime(4.8 / KILOMETRES_PER_MILE)).toEqual({ hours: 0, minutes: 60 });
  });

  it('reads the product’s examples: 0.24 mi and 0.4 km are each a 5 minute walk', () => {
    expect(walkingTime(0.24)).toEqual({ hours: 0, minutes: 5 });
    expect(walkingTime(0.4 / KILOMETRES_PER_MILE)).toEqual({ hours: 0, minutes: 5 });
  });

  it('rounds up to whole minutes, so the estimate is never shorter than the walk', () => {
    expect(walkingTime(milesFor(4.01))).toEqual({ hours: 0, minutes: 5 });
    expect(walkingTime(milesFor(12))).toEqual({ hours: 0, minutes: 12 });
    expect(walkingTime(milesFor(12.2))).toEqual({ hours: 0, minutes: 13 });
  });

  it('says at least a minute, even at the door', () => {
    expect(walkingTime(0)).toEqual({ hours: 0, minutes: 1 });
    expect(walkingTime(0.01)).toEqual({ hours: 0, minutes: 1 });
  });

  it('past an hour, gives hours and minutes rounded up to the next 5', () => {
    expect(walkingTime(milesFor(61))).toEqual({ hours: 1, minutes: 5 });
    expect(walkingTime(milesFor(84))).toEqual({ hours: 1, minutes: 25 });
    expect(walkingTime(milesFor(118))).toEqual({ hours: 2, minutes: 0 });
  });

  it('gives no walking time past three hours, nor for a distance that is no distance', () => {
    expect(walkingTime(milesFor(LONGEST_WALK_MINUTES))).toEqual({ hours: 3, minutes: 0 });
    expect(walkingTime(milesFor(LONGEST_WALK_MINUTES + 1))).toBeNull();
    expect(walkingTime(213.5)).toBeNull();
    expect(walkingTime(-1)).toBeNull();
    expect(walkingTime(Number.NaN)).toBeNull();
  });
});
