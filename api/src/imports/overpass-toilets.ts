import type { BoundingBox, OsmToiletElement } from '@allstall/shared';
import { arrayOf, recordOf, textOf } from '../geocoding/json-fields.js';
import { OVERPASS_LABEL, osmElementOf } from '../geocoding/overpass.js';
import { fetchUpstreamJson, unexpectedAnswer, UpstreamError } from '../geocoding/upstream.js';

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

/** A tile's answer: its toilets, or that Overpass found the tile too big (cut it up) or is busy (wait). */
export type OsmTileAnswer =
  | { kind: 'elements'; elements: OsmToiletElement[] }
  | { kind: 'too-large'; detail: string }
  | { kind: 'busy'; detail: string };

/**
 * Every toilet in one tile of an import run. Overpass says a query was too big by timing out at the
 * gateway (504) or by answering 200 with a `remark` that starts "runtime error" (out of time or
 * memory, the elements cut short); it says it is busy with 429 (too many requests from us).
 */
export async function fetchOsmTile(
  { url, timeoutMs, signal }: { url: string; timeoutMs: number; signal: AbortSignal },
  tile: BoundingBox,
): Promise<OsmTileAnswer> {
  const query = overpassToiletsQuery(tile, Math.max(1, Math.ceil(timeoutMs / 1000)));
  let answer: unknown;
  try {
    answer = await fetchUpstreamJson(`${url}/api/interpreter`, { label: OVERPASS_LABEL, timeoutMs, form: { data: query }, signal });
  } catch (error) {
    if (error instanceof UpstreamError && error.upstreamStatus === 504) return { kind: 'too-large', detail: 'Overpass timed out (504)' };
    if (error instanceof UpstreamError && error.upstreamStatus === 429) return { kind: 'busy', detail: 'Overpass asked us to slow down (429)' };
    throw error;
  }
  const remark = textOf(recordOf(answer)?.remark);
  if (remark !== undefined && /runtime error/i.test(remark)) return { kind: 'too-large', detail: `Overpass: ${remark}` };
  const elements = arrayOf(recordOf(answer)?.elements);
  if (elements === undefined) throw unexpectedAnswer(OVERPASS_LABEL, 'Overpass answered without an elements list');
  return { kind: 'elements', elements: elements.flatMap((item) => osmElementOf(recordOf(item)) ?? []) };
}
