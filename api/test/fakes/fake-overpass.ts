import { startFakeService, type FakeAnswer, type FakeService, type RecordedRequest } from './fake-service.js';
import { MINNEAPOLIS_PLACES, osmTagsOf, type FakePlace } from './minneapolis-places.js';

/*
 * A stand-in for the Overpass API: `POST /api/interpreter` with a form-encoded `data=` query. It
 * understands the two shapes allstall sends: elements by id (`node(123);`, `way(45);`,
 * `relation(6);`) and tag filters in a bounding box (`nwr["amenity"="toilets"](S,W,N,E);`).
 */

export interface FakeOverpass extends FakeService {
  /** The Overpass QL of every request so far. */
  queries(): string[];
}

const ELEMENT_TYPES = { node: 'N', way: 'W', relation: 'R' } as const;
const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const BBOX = new RegExp(`\\((${NUMBER}),(${NUMBER}),(${NUMBER}),(${NUMBER})\\)`);

/** One place as an Overpass element: a node with its position, a way or relation with its centre. */
export function overpassElement(place: FakePlace): object {
  const type = place.osm.type === 'N' ? 'node' : place.osm.type === 'W' ? 'way' : 'relation';
  const position = place.osm.type === 'N' ? { lat: place.lat, lon: place.lng } : { center: { lat: place.lat, lon: place.lng } };
  return { type, id: place.osm.id, ...position, tags: osmTagsOf(place) };
}

export function overpassAnswer(elements: readonly object[]): object {
  return {
    version: 0.6,
    generator: 'Overpass API 0.7.62.1 (fake)',
    osm3s: {
      timestamp_osm_base: '2026-01-15T12:00:00Z',
      copyright: 'The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.',
    },
    elements,
  };
}

/** The elements a query asks for, by id or by tags within a box. */
function placesForQuery(places: readonly FakePlace[], query: string): FakePlace[] {
  const byId = [...query.matchAll(/\b(node|way|relation)\((\d+)\)/g)].map(([, type, id]) => ({
    type: ELEMENT_TYPES[type as keyof typeof ELEMENT_TYPES],
    id: Number(id),
  }));
  if (byId.length > 0) return places.filter((place) => byId.some(({ type, id }) => place.osm.type === type && place.osm.id === id));
  const box = BBOX.exec(query);
  if (box === null) return [];
  const [south, west, north, east] = box.slice(1).map(Number) as [number, number, number, number];
  const filters = [...query.matchAll(/\["([^"]+)"="([^"]+)"\]/g)].map(([, key, value]) => ({ key, value }));
  return places.filter((place) => {
    if (place.lat < south || place.lat > north || place.lng < west || place.lng > east) return false;
    const tags = osmTagsOf(place);
    return filters.length === 0 || filters.some(({ key, value }) => key !== undefined && tags[key] === value);
  });
}

export async function startFakeOverpass(places: readonly FakePlace[] = MINNEAPOLIS_PLACES): Promise<FakeOverpass> {
  const queryOf = (request: RecordedRequest) => new URLSearchParams(request.body).get('data') ?? '';
  const answer = (request: RecordedRequest): FakeAnswer => {
    if (request.method !== 'POST' || request.path !== '/api/interpreter') return { status: 404, json: { error: 'not found' } };
    const query = queryOf(request);
    if (!query.startsWith('[out:json]')) return { status: 400, json: { error: 'this fake answers [out:json] queries only' } };
    return { status: 200, json: overpassAnswer(placesForQuery(places, query).map(overpassElement)) };
  };
  const service = await startFakeService(answer);
  return {
    ...service,
    queries: () => service.requests.map(queryOf),
  };
}
