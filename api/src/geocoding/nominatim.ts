import type { LatLng, Place } from '@allstall/shared';
import { arrayOf, numberOf, osmIdOf, recordOf, textOf, type JsonRecord } from './json-fields.js';
import { placeFromParts, uniquePlaces } from './place-from-parts.js';
import { GEOCODER_LABEL, type GeocodingProvider, type OsmRef } from './provider.js';
import { fetchUpstreamJson, unexpectedAnswer } from './upstream.js';

const SEARCH_LIMIT = 5;
const AUTOCOMPLETE_LIMIT = 6;
/** Half the side of the box a search prefers, in degrees (about 25 km in Minneapolis). */
const BIAS_BOX_DEGREES = 0.25;
const PUBLIC_SERVER_HOST = 'nominatim.openstreetmap.org';

const REF_TYPES: Readonly<Record<string, OsmRef['type']>> = { node: 'N', way: 'W', relation: 'R' };

/**
 * Nominatim (`/search`, `/reverse`, `/lookup`, all `format=jsonv2` with address details). The
 * public server's policy forbids search-as-you-type, so against it autocomplete suggests nothing
 * and the person searches the whole address instead; a self-hosted Nominatim autocompletes.
 */
export function createNominatimProvider({ url, timeoutMs }: { url: string; timeoutMs: number }): GeocodingProvider {
  const autocompletes = new URL(url).hostname !== PUBLIC_SERVER_HOST;

  async function answer(path: string, params: Record<string, string>): Promise<unknown> {
    const query = new URLSearchParams({ ...params, format: 'jsonv2', addressdetails: '1' });
    return fetchUpstreamJson(`${url}${path}?${query}`, { label: GEOCODER_LABEL, timeoutMs });
  }
  async function places(path: string, params: Record<string, string>): Promise<Place[]> {
    const list = arrayOf(await answer(path, params));
    if (list === undefined) throw unexpectedAnswer(GEOCODER_LABEL, `Nominatim ${path} answered something other than a list`);
    return uniquePlaces(list.map((item) => placeFromNominatimResult(recordOf(item))));
  }
  const search = (q: string, limit: number, near: LatLng | undefined) =>
    places('/search', { q, limit: String(limit), ...(near === undefined ? {} : { viewbox: biasBox(near) }) });

  return {
    search: (query, near) => search(query, SEARCH_LIMIT, near),
    autocomplete: async (input, near) => (autocompletes ? search(input, AUTOCOMPLETE_LIMIT, near) : []),
    async reverse(at) {
      const result = recordOf(await answer('/reverse', { lat: String(at.lat), lon: String(at.lng) }));
      // Nowhere near anything, Nominatim answers 200 with {"error": "Unable to geocode"}.
      if (result === undefined || result.error !== undefined) return [];
      return uniquePlaces([placeFromNominatimResult(result)]);
    },
    async lookup(ref) {
      const [place] = await places('/lookup', { osm_ids: `${ref.type}${ref.id}` });
      return place ?? null;
    },
  };
}

/** A box around `near` that Nominatim prefers without being bounded by it. */
function biasBox({ lat, lng }: LatLng): string {
  return [lng - BIAS_BOX_DEGREES, lat + BIAS_BOX_DEGREES, lng + BIAS_BOX_DEGREES, lat - BIAS_BOX_DEGREES].join(',');
}

/** One jsonv2 result as a place; null when it has no usable element id or point. */
function placeFromNominatimResult(result: JsonRecord | undefined): Place | null {
  const type = REF_TYPES[textOf(result?.osm_type) ?? ''];
  const id = osmIdOf(result?.osm_id);
  if (result === undefined || type === undefined || id === undefined) return null;
  const address = recordOf(result.address) ?? {};
  return placeFromParts({
    ref: { type, id },
    lat: numberOf(result.lat),
    lng: numberOf(result.lon),
    name: textOf(result.name),
    housenumber: textOf(address.house_number),
    street: textOf(address.road) ?? textOf(address.pedestrian),
    city: textOf(address.city) ?? textOf(address.town) ?? textOf(address.village) ?? textOf(address.hamlet),
    state: textOf(address.state),
    postcode: textOf(address.postcode),
    countryCode: textOf(address.country_code),
    country: textOf(address.country),
  });
}
