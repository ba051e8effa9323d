import { startFakeService, type FakeAnswer, type FakeService, type RecordedRequest } from './fake-service.js';
import { MINNEAPOLIS_PLACES, placeNearest, placesMatching, type FakePlace } from './minneapolis-places.js';

/*
 * A stand-in for Nominatim: `GET /search?q=&format=jsonv2&addressdetails=1&limit=`,
 * `GET /reverse?lat=&lon=&format=jsonv2` and `GET /lookup?osm_ids=N1,W2&format=jsonv2`, answering
 * as Nominatim does, coordinates as strings included.
 */

export type FakeNominatim = FakeService;

const DEFAULT_LIMIT = 10;
const REVERSE_RADIUS_METERS = 1000;
const OSM_TYPES = { N: 'node', W: 'way', R: 'relation' } as const;

/** One place as a jsonv2 result with address details. */
export function nominatimResult(place: FakePlace): object {
  const neighbourhood = 'Downtown West';
  const displayParts = [place.name, place.housenumber, place.street, neighbourhood, place.city, 'Hennepin County', place.state, place.postcode, 'United States'];
  return {
    place_id: 300_000_000 + (place.osm.id % 100_000_000),
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: OSM_TYPES[place.osm.type],
    osm_id: place.osm.id,
    lat: place.lat.toFixed(7),
    lon: place.lng.toFixed(7),
    category: place.category.key,
    type: place.category.value,
    place_rank: 30,
    importance: 0.2,
    addresstype: place.category.key,
    name: place.name ?? '',
    display_name: displayParts.filter((part) => part !== undefined).join(', '),
    address: {
      ...(place.name === undefined ? {} : { [place.category.key]: place.name }),
      house_number: place.housenumber,
      road: place.street,
      neighbourhood,
      city: place.city,
      county: 'Hennepin County',
      state: place.state,
      'ISO3166-2-lvl4': 'US-MN',
      postcode: place.postcode,
      country: 'United States',
      country_code: 'us',
    },
    boundingbox: [place.lat - 0.0005, place.lat + 0.0005, place.lng - 0.0005, place.lng + 0.0005].map((value) => value.toFixed(7)),
  };
}

export async function startFakeNominatim(places: readonly FakePlace[] = MINNEAPOLIS_PLACES): Promise<FakeNominatim> {
  const answer = (request: RecordedRequest): FakeAnswer => {
    if (request.query.get('format') !== 'jsonv2') return { status: 400, json: { error: { code: 400, message: 'this fake answers format=jsonv2 only' } } };
    if (request.path === '/search') {
      const limit = Number(request.query.get('limit') ?? DEFAULT_LIMIT);
      return { status: 200, json: placesMatching(places, request.query.get('q') ?? '', undefined).slice(0, limit).map(nominatimResult) };
    }
    if (request.path === '/reverse') {
      const at = { lat: Number(request.query.get('lat')), lng: Number(request.query.get('lon')) };
      const nearest = placeNearest(places, at, REVERSE_RADIUS_METERS);
      return { status: 200, json: nearest === undefined ? { error: 'Unable to geocode' } : nominatimResult(nearest) };
    }
    if (request.path === '/lookup') {
      const ids = (request.query.get('osm_ids') ?? '').split(',');
      const found = places.filter((place) => ids.includes(`${place.osm.type}${place.osm.id}`));
      return { status: 200, json: found.map(nominatimResult) };
    }
    return { status: 404, json: { error: { code: 404, message: 'Not found' } } };
  };
  return startFakeService(answer);
}
