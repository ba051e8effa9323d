import { coordinates, destinationOf, type MapsApp, type Place } from './maps-links';

/**
 * The restroom's spot in the person's maps app ('Open in maps' on the detail screen). Apart from
 * `maps-links.ts` so only the detail screen, not the first screen, carries it.
 */
export function mapSearchUrl(place: Place, app: MapsApp = 'google'): string {
  const spot = coordinates(place);
  if (app === 'apple') return `https://maps.apple.com/?${new URLSearchParams({ q: destinationOf(place) })}`;
  if (app === 'osm') {
    return spot
      ? `https://www.openstreetmap.org/?${new URLSearchParams({ mlat: String(place.latitude), mlon: String(place.longitude) })}#map=18/${place.latitude}/${place.longitude}`
      : `https://www.openstreetmap.org/search?${new URLSearchParams({ query: destinationOf(place) })}`;
  }
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query: destinationOf(place) })}`;
}
