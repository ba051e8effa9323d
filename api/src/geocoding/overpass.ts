import type { Place } from '@allstall/shared';
import { arrayOf, numberOf, osmIdOf, recordOf, textOf, type JsonRecord } from './json-fields.js';
import { placeFromParts } from './place-from-parts.js';
import type { OsmRef } from './provider.js';
import { fetchUpstreamJson, unexpectedAnswer, type UpstreamService } from './upstream.js';

/** One OpenStreetMap element as Overpass describes it: where it is (a way's centre) and its tags. */
export interface OsmElement {
  ref: OsmRef;
  lat: number;
  lng: number;
  tags: Readonly<Record<string, string>>;
}

/** Finds OpenStreetMap elements by id; null when OpenStreetMap has no such element. */
export interface OsmElementSource {
  element(ref: OsmRef): Promise<OsmElement | null>;
}

export const OVERPASS_LABEL: UpstreamService = 'mapData';

const OVERPASS_TYPES = { N: 'node', W: 'way', R: 'relation' } as const satisfies Record<OsmRef['type'], string>;
const REF_TYPES: Readonly<Record<string, OsmRef['type']>> = { node: 'N', way: 'W', relation: 'R' };

/** The Overpass QL for one element; `out center` gives ways and relations a single point. */
function overpassElementQuery(ref: OsmRef, timeoutSeconds: number): string {
  return `[out:json][timeout:${timeoutSeconds}];${OVERPASS_TYPES[ref.type]}(${ref.id});out center tags;`;
}

/** Overpass at `url` (POST {url}/api/interpreter), each request bounded by `timeoutMs`. */
export function createOverpassClient({ url, timeoutMs }: { url: string; timeoutMs: number }): OsmElementSource {
  return {
    async element(ref) {
      const query = overpassElementQuery(ref, Math.max(1, Math.ceil(timeoutMs / 1000)));
      const answer = await fetchUpstreamJson(`${url}/api/interpreter`, {
        label: OVERPASS_LABEL,
        timeoutMs,
        form: { data: query },
      });
      const elements = arrayOf(recordOf(answer)?.elements);
      if (elements === undefined) {
        throw unexpectedAnswer(OVERPASS_LABEL, 'Overpass answered without an elements list');
      }
      for (const item of elements) {
        const element = osmElementOf(recordOf(item));
        if (element !== null && element.ref.type === ref.type && element.ref.id === ref.id) return element;
      }
      return null;
    },
  };
}

/** Reads one element of an Overpass answer; null when it is not a node, way or relation with an id. */
export function osmElementOf(item: JsonRecord | undefined): OsmElement | null {
  const type = REF_TYPES[textOf(item?.type) ?? ''];
  const id = osmIdOf(item?.id);
  if (item === undefined || type === undefined || id === undefined) return null;
  const point = recordOf(item.center) ?? item;
  const tags: Record<string, string> = {};
  for (const [key, value] of Object.entries(recordOf(item.tags) ?? {})) {
    if (typeof value === 'string') tags[key] = value;
  }
  return { ref: { type, id }, lat: numberOf(point.lat), lng: numberOf(point.lon), tags };
}

/** An element as a place, from its own name and `addr:*` tags. */
export function placeFromOsmElement({ ref, lat, lng, tags }: OsmElement): Place | null {
  return placeFromParts({
    ref,
    lat,
    lng,
    name: tags.name,
    housenumber: tags['addr:housenumber'],
    street: tags['addr:street'],
    city: tags['addr:city'],
    state: tags['addr:state'],
    postcode: tags['addr:postcode'],
    countryCode: tags['addr:country'],
  });
}
