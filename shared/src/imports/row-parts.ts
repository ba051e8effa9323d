import { RESTROOM_NAME_MAX_LENGTH } from '../restrooms/listing-fields.js';
import { clip } from './clean-text.js';

/*
 * What the Refuge and OpenStreetMap mappings share: where a listing is, when it changed, and a name
 * for a listing that has none.
 */

export interface Coordinates {
  latitude: number | null;
  longitude: number | null;
}

const UNPLACED: Coordinates = { latitude: null, longitude: null };

/**
 * Both coordinates when they make a point on Earth, else both null: half a position, or 0,0 (what a
 * form left blank often stores), is no more use on a map than none.
 */
export function coordinatesOf(latitude: number | null | undefined, longitude: number | null | undefined): Coordinates {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return UNPLACED;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return UNPLACED;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return UNPLACED;
  if (latitude === 0 && longitude === 0) return UNPLACED;
  return { latitude, longitude };
}

/** A timestamp as our ISO 8601 text; null when it is absent or not a date. */
export function isoDateOrNull(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const epochMs = Date.parse(text);
  return Number.isNaN(epochMs) ? null : new Date(epochMs).toISOString();
}

/** The name of a listing whose source gives it none and no street either. */
export const UNNAMED_LISTING = 'Restroom';

/** The listing's own name, else `fallback` with its street ("Public toilet (Nicollet Mall)"), cut to the name's maximum. */
export function nameOrFallback(name: string, fallback: string, street: string): string {
  const chosen = name !== '' ? name : street === '' ? fallback : `${fallback} (${street})`;
  return clip(chosen, RESTROOM_NAME_MAX_LENGTH);
}
