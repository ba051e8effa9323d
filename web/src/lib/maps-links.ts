import type { LatLng, Restroom } from '@allstall/shared';

export type Place = Pick<Restroom, 'latitude' | 'longitude' | 'street' | 'city' | 'state'>;

/**
 * Coordinates when known: a name search can land on the wrong branch of a chain, which is the last
 * thing someone who needs a restroom now should get. The address is the fallback, never the name.
 */
function destinationOf(place: Place): string {
  if (place.latitude !== null && place.longitude !== null) return `${place.latitude},${place.longitude}`;
  return [place.street, place.city, place.state].filter(Boolean).join(', ');
}

export function directionsUrl(place: Place, origin?: LatLng | null): string {
  const query = new URLSearchParams({ api: '1' });
  if (origin) query.set('origin', `${origin.lat},${origin.lng}`);
  query.set('destination', destinationOf(place));
  return `https://www.google.com/maps/dir/?${query}`;
}

export function mapSearchUrl(place: Place): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query: destinationOf(place) })}`;
}
