import Value from 'typebox/value';
import { LatLngSchema, type LatLng } from '@allstall/shared';

/**
 * The tapped spot from the route's state (`{ spot }`, handed over by the /bathrooms map's "Add a
 * bathroom here"), if it holds one: history state outlives app versions and
 * can be anything, so it is checked before it is trusted.
 */
export function mapSpotOf(state: unknown): LatLng | null {
  if (typeof state !== 'object' || state === null || !('spot' in state)) return null;
  const { spot } = state;
  return Value.Check(LatLngSchema, spot) && Math.abs(spot.lat) <= 90 && Math.abs(spot.lng) <= 180 ? spot : null;
}
