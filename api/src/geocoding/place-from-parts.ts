import { usStateCode, type Place } from '@allstall/shared';
import { placeIdFromOsmRef, type OsmRef } from './provider.js';

/** A place as the providers describe it, before it takes our shape. Missing parts are undefined or empty. */
export interface PlaceParts {
  ref: OsmRef;
  lat: number;
  lng: number;
  name?: string | undefined;
  housenumber?: string | undefined;
  street?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  postcode?: string | undefined;
  /** ISO 3166-1 alpha-2, any case; undefined when the source does not say. */
  countryCode?: string | undefined;
  country?: string | undefined;
}

const clean = (text: string | undefined): string => text?.trim().replace(/\s+/g, ' ') ?? '';

function usableCoordinate(value: number, limit: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= limit;
}

/**
 * Builds a Place the way a US address reads: "725 Vineland Place, Minneapolis, MN 55403". Null when
 * it cannot be placed on a map or has nothing to call it by, so such results are dropped.
 */
export function placeFromParts(parts: PlaceParts): Place | null {
  if (!usableCoordinate(parts.lat, 90) || !usableCoordinate(parts.lng, 180)) return null;
  const countryCode = clean(parts.countryCode).toUpperCase();
  // Without a country (an OpenStreetMap tag set, say) the region's own convention applies.
  const inUs = countryCode === '' || countryCode === 'US';
  const street = [clean(parts.housenumber), clean(parts.street)].filter(Boolean).join(' ');
  const city = clean(parts.city);
  const givenState = clean(parts.state);
  const state = inUs ? (usStateCode(givenState) ?? givenState) : givenState;
  const stateLine = [state, clean(parts.postcode)].filter(Boolean).join(' ');
  const countryLine = inUs ? '' : clean(parts.country);
  const ownName = clean(parts.name);
  const formattedAddress = [street, city, stateLine, countryLine].filter(Boolean).join(', ') || ownName;
  const name = ownName || street || city || formattedAddress;
  if (name === '') return null;
  return {
    place_id: placeIdFromOsmRef(parts.ref),
    name,
    formatted_address: formattedAddress,
    street,
    city,
    state,
    geometry: { location: { lat: parts.lat, lng: parts.lng } },
  };
}

/** The first place of each id, in order: geocoders sometimes list one element twice. */
export function uniquePlaces(places: ReadonlyArray<Place | null>): Place[] {
  const seen = new Set<string>();
  const unique: Place[] = [];
  for (const place of places) {
    if (place === null || seen.has(place.place_id)) continue;
    seen.add(place.place_id);
    unique.push(place);
  }
  return unique;
}
