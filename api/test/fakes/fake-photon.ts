import { startFakeService, type FakeAnswer, type FakeService, type RecordedRequest } from './fake-service.js';
import { MINNEAPOLIS_PLACES, placeNearest, placesMatching, type FakePlace } from './minneapolis-places.js';

/*
 * A stand-in for Photon (photon.komoot.io): `GET /api?q=&lat=&lon=&limit=&lang=` and
 * `GET /reverse?lat=&lon=&limit=`, answering GeoJSON feature collections as Photon does.
 */

export type FakePhoton = FakeService;

const DEFAULT_LIMIT = 15;
const REVERSE_RADIUS_METERS = 1000;

/** One place as a Photon feature. */
export function photonFeature(place: FakePlace): object {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
    properties: {
      osm_type: place.osm.type,
      osm_id: place.osm.id,
      osm_key: place.category.key,
      osm_value: place.category.value,
      type: 'house',
      ...(place.name === undefined ? {} : { name: place.name }),
      housenumber: place.housenumber,
      street: place.street,
      district: 'Downtown West',
      city: place.city,
      county: 'Hennepin County',
      state: place.state,
      postcode: place.postcode,
      country: 'United States',
      countrycode: 'US',
    },
  };
}

export function photonFeatureCollection(features: readonly object[]): object {
  return { type: 'FeatureCollection', features };
}

export async function startFakePhoton(places: readonly FakePlace[] = MINNEAPOLIS_PLACES): Promise<FakePhoton> {
  const answer = (request: RecordedRequest): FakeAnswer => {
    const limit = Number(request.query.get('limit') ?? DEFAULT_LIMIT);
    const lat = request.query.get('lat');
    const lon = request.query.get('lon');
    const at = lat === null || lon === null ? undefined : { lat: Number(lat), lng: Number(lon) };
    if (request.path === '/api') {
      const q = request.query.get('q');
      if (q === null || q.trim() === '') {
        return { status: 400, json: { message: 'missing search term \'q\': /?q=berlin' } };
      }
      return { status: 200, json: photonFeatureCollection(placesMatching(places, q, at).slice(0, limit).map(photonFeature)) };
    }
    if (request.path === '/reverse') {
      if (at === undefined) return { status: 400, json: { message: 'missing lat/lon' } };
      const nearest = placeNearest(places, at, REVERSE_RADIUS_METERS);
      return { status: 200, json: photonFeatureCollection(nearest === undefined ? [] : [photonFeature(nearest)]) };
    }
    return { status: 404, json: { message: 'not found' } };
  };
  return startFakeService(answer);
}
