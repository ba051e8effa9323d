import type { BoundingBox, OsmToiletElement } from '@allstall/shared';
import { arrayOf, recordOf } from '../geocoding/json-fields.js';
import { OVERPASS_LABEL, osmElementOf } from '../geocoding/overpass.js';
import { fetchUpstreamJson, unexpectedAnswer } from '../geocoding/upstream.js';

/**
 * The Overpass QL for every toilet in a box: toilets mapped for their own sake, and places that have
 * toilets. `out center` gives ways and relations a single point.
 */
function overpassToiletsQuery({ south, west, north, east }: BoundingBox, timeoutSeconds: number): string {
  const box = `(${south},${west},${north},${east})`;
  return `[out:json][timeout:${timeoutSeconds}];(nwr["amenity"="toilets"]${box};nwr["toilets"="yes"]${box};);out center tags;`;
}

/** Every OpenStreetMap element with toilets inside `box`, from Overpass at `url`. */
export async function fetchOsmToilets({ url, timeoutMs }: { url: string; timeoutMs: number }, box: BoundingBox): Promise<OsmToiletElement[]> {
  const query = overpassToiletsQuery(box, Math.max(1, Math.ceil(timeoutMs / 1000)));
  const answer = await fetchUpstreamJson(`${url}/api/interpreter`, { label: OVERPASS_LABEL, timeoutMs, form: { data: query } });
  const elements = arrayOf(recordOf(answer)?.elements);
  if (elements === undefined) throw unexpectedAnswer(OVERPASS_LABEL, 'Overpass answered without an elements list');
  return elements.flatMap((item) => osmElementOf(recordOf(item)) ?? []);
}
