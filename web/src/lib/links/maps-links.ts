import type { LatLng, Restroom } from '@allstall/shared';

export type Place = Pick<Restroom, 'latitude' | 'longitude' | 'street' | 'city' | 'state'>;

/** The outside maps services a Directions link can open (docs/product-rules.md#directions). */
export const MAPS_APPS = ['google', 'apple', 'osm'] as const;
export type MapsApp = (typeof MAPS_APPS)[number];

/** Coordinates as the three services read them, latitude first. */
export const coordinates = (place: Place): string | null =>
  place.latitude !== null && place.longitude !== null ? `${place.latitude},${place.longitude}` : null;

/**
 * Coordinates when known: a name search can land on the wrong branch of a chain, which is the last
 * thing someone who needs a restroom now should get. The address is the fallback, never the name.
 */
export const destinationOf = (place: Place): string =>
  coordinates(place) ?? [place.street, place.city, place.state].filter(Boolean).join(', ');

/**
 * Directions in the person's maps app. The origin is only ever a real position; without one each
 * service starts from wherever the person is (Apple, Google) or asks (OpenStreetMap). Apple and
 * OpenStreetMap are asked for a walking route; Google's link stays as it always was, its own choice.
 */
export function directionsUrl(place: Place, origin: LatLng | null = null, app: MapsApp = 'google'): string {
  const to = destinationOf(place);
  const from = origin ? `${origin.lat},${origin.lng}` : '';
  const spot = coordinates(place);
  const [base, query] =
    app === 'apple'
      ? ['https://maps.apple.com/', { saddr: from, daddr: to, dirflg: 'w' }]
      : app === 'osm'
        ? // Its directions page reads a route of coordinates, "from;to", or a typed address in `to`.
          ['https://www.openstreetmap.org/directions', { engine: 'fossgis_osrm_foot', ...(spot ? { route: `${from};${spot}` } : { from, to }) }]
        : ['https://www.google.com/maps/dir/', { api: '1', origin: from, destination: to }];
  // No position, no origin: an empty one would be read as a place called "".
  return `${base}?${new URLSearchParams(Object.entries(query).filter(([, value]) => value))}`;
}
