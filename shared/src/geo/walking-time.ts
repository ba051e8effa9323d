import { KILOMETRES_PER_MILE } from './distance.js';

/**
 * The walking pace every walking time is figured at: 4.8 km/h (about 3 mph), the common planning
 * figure for an unhurried walk. Slower than the 5 km/h often quoted, because someone in a hurry
 * still waits at lights and crossings (docs/product-rules.md#distance).
 */
export const WALKING_PACE_KMH = 4.8;

/** Beyond this a walking time answers no one's question: the distance alone is shown. */
export const LONGEST_WALK_MINUTES = 3 * 60;

/** A walk of `hours` and `minutes`: minutes under 60, hours 0 for anything under an hour. */
export interface WalkingTime {
  hours: number;
  minutes: number;
}

/**
 * The time to walk `miles` in a straight line at WALKING_PACE_KMH: an estimate, since real streets
 * are longer. Rounded up, never down, so the estimate is not shorter than the walk: whole minutes,
 * at least 1, up to an hour; past an hour to the next 5 minutes, since a finer figure would claim a
 * precision a straight line does not have. Null past LONGEST_WALK_MINUTES, and for a distance that
 * is not a finite, non-negative number.
 */
export function walkingTime(miles: number): WalkingTime | null {
  if (!Number.isFinite(miles) || miles < 0) return null;
  const exact = ((miles * KILOMETRES_PER_MILE) / WALKING_PACE_KMH) * 60;
  // Floating point makes 0.4 km come out a hair over 5 minutes; that hair must not round up to 6.
  const whole = Math.max(1, Math.ceil(exact - 1e-9));
  if (whole <= 60) return { hours: 0, minutes: whole };
  const rounded = Math.ceil(whole / 5) * 5;
  if (rounded > LONGEST_WALK_MINUTES) return null;
  return { hours: Math.floor(rounded / 60), minutes: rounded % 60 };
}
