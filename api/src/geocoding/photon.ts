import type { LatLng, Place } from '@allstall/shared';
import { arrayOf, numberOf, osmIdOf, recordOf, textOf, type JsonRecord } from './json-fields.js';
import { placeFromOsmElement, type OsmElementSource } from './overpass.js';
import { placeFromParts, uniquePlaces } from './place-from-parts.js';
import { GEOCODER_LABEL, type GeocodingProvider, type OsmRef } from './provider.js';
import { fetchUpstreamJson, unexpectedAnswer } from './upstream.js';

const SEARCH_LIMIT = 5;
const AUTOCOMPLETE_LIMIT = 6;
const PHOTON_PLACE_TYPES = new Set(['city', 'town', 'village', 'hamlet']);

export interface PhotonOptions {
  url: string;
  timeoutMs: number;
  /** Photon cannot look an element up by id (komoot/photon#720, "not planned"), so Overpass does. */
  osmElements: OsmElementSource;
}

/**
 * Photon (`GET {url}/api`, `GET {url}/reverse`), which allows search-as-you-type. A look-up by id
 * takes the element's tags from Overpass, and fills the address parts the tags lack (most carry no
 * `addr:state`, many shops no address at all) from Photon's own answer for that spot.
 */
export function createPhotonProvider({ url, timeoutMs, osmElements }: PhotonOptions): GeocodingProvider {
  async function features(path: string, params: Record<string, string | number>): Promise<Place[]> {
    const query = new URLSearchParams({ ...stringValues(params), lang: 'en' });
    const answer = await fetchUpstreamJson(`${url}${path}?${query}`, { label: GEOCODER_LABEL, timeoutMs });
    const list = arrayOf(recordOf(answer)?.features);
    if (list === undefined) throw unexpectedAnswer(GEOCODER_LABEL, `Photon ${path} answered without a features list`);
    return uniquePlaces(list.map((feature) => placeFromPhotonFeature(recordOf(feature))));
  }
  const biasTowards = (near: LatLng | undefined): Record<string, number> =>
    near === undefined ? {} : { lat: near.lat, lon: near.lng };

  return {
    search: (query, near) => features('/api', { q: query, limit: SEARCH_LIMIT, ...biasTowards(near) }),
    autocomplete: (input, near) => features('/api', { q: input, limit: AUTOCOMPLETE_LIMIT, ...biasTowards(near) }),
    reverse: (at) => features('/reverse', { lat: at.lat, lon: at.lng, limit: 1 }),
    async lookup(ref: OsmRef) {
      const element = await osmElements.element(ref);
      if (element === null || !Number.isFinite(element.lat) || !Number.isFinite(element.lng)) return null;
      const { tags } = element;
      const addressTags = ['addr:street', 'addr:city', 'addr:state'];
      if (addressTags.every((key) => tags[key] !== undefined)) return placeFromOsmElement(element);
      const [around] = await features('/reverse', { lat: element.lat, lon: element.lng, limit: 1 });
      return placeFromOsmElement({ ...element, tags: tagsWithAddressOf(tags, around) });
    },
  };
}

/** The element's own address tags win; the parts it lacks come from the place Photon finds at its spot. */
function tagsWithAddressOf(tags: Readonly<Record<string, string>>, around: Place | undefined): Record<string, string> {
  if (around === undefined) return { ...tags };
  const hasStreet = tags['addr:street'] !== undefined || tags['addr:housenumber'] !== undefined;
  return {
    ...tags,
    // Place.street already holds the house number, so it stands in for both tags.
    ...(hasStreet ? {} : { 'addr:street': around.street }),
    'addr:city': tags['addr:city'] ?? around.city,
    'addr:state': tags['addr:state'] ?? around.state,
  };
}

function stringValues(params: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
}

/** One GeoJSON feature of a Photon answer as a place; null when it has no usable id or point. */
function placeFromPhotonFeature(feature: JsonRecord | undefined): Place | null {
  const properties = recordOf(feature?.properties);
  const type = textOf(properties?.osm_type);
  const id = osmIdOf(properties?.osm_id);
  if (properties === undefined || (type !== 'N' && type !== 'W' && type !== 'R') || id === undefined) return null;
  const coordinates = arrayOf(recordOf(feature?.geometry)?.coordinates) ?? [];
  const name = textOf(properties.name);
  const placeType = textOf(properties.type) ?? '';
  return placeFromParts({
    ref: { type, id },
    lat: numberOf(coordinates[1]),
    lng: numberOf(coordinates[0]),
    name,
    housenumber: textOf(properties.housenumber),
    // A street or a town is its own name; Photon leaves its street or city field empty.
    street: textOf(properties.street) ?? (placeType === 'street' ? name : undefined),
    city: textOf(properties.city) ?? (PHOTON_PLACE_TYPES.has(placeType) ? name : undefined),
    state: textOf(properties.state),
    postcode: textOf(properties.postcode),
    countryCode: textOf(properties.countrycode),
    country: textOf(properties.country),
  });
}
