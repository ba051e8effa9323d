import type { LatLng, Place } from '@allstall/shared';
import type { UpstreamService } from './upstream.js';

/** An OpenStreetMap element: node, way or relation, by the letter both geocoders and our place ids use. */
export interface OsmRef {
  type: 'N' | 'W' | 'R';
  id: number;
}

/** `osm:N123` → `{type: 'N', id: 123}`; undefined for anything else (the route schema has already checked the shape). */
export function osmRefFromPlaceId(placeId: string): OsmRef | undefined {
  const match = /^osm:([NWR])(\d{1,15})$/.exec(placeId);
  if (match === null) return undefined;
  return { type: match[1] as OsmRef['type'], id: Number(match[2]) };
}

export function placeIdFromOsmRef({ type, id }: OsmRef): string {
  return `osm:${type}${id}`;
}

/** How a person reads the geocoder's name in an error message. */
export const GEOCODER_LABEL: UpstreamService = 'address';

/**
 * What every geocoder answers, already in our Place shape. Each method throws an `UpstreamError`
 * when the service fails, so the route answers 502 whichever provider is configured.
 */
export interface GeocodingProvider {
  /** Places an address or place name resolves to, best first; `near` biases towards a spot. */
  search(query: string, near: LatLng): Promise<Place[]>;
  /** Suggestions for a half-typed address or place name. */
  autocomplete(input: string, near: LatLng | undefined): Promise<Place[]>;
  /** The address at a spot. */
  reverse(at: LatLng): Promise<Place[]>;
  /** One OpenStreetMap element as a place; null when the provider does not know it. */
  lookup(ref: OsmRef): Promise<Place | null>;
}
