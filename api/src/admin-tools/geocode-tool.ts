import { GEOCODE_BATCH_MAX, geocodeQueryOf, isInRegion, type GeocodeToolReport, type Region, type User } from '@allstall/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { GeocodingService } from '../geocoding/geocoding-service.js';
import { nextVersions } from '../repositories/feed-versions.js';
import { logDecision } from '../repositories/moderation-log.js';
import { placeRestroomIn, type FoundPosition } from '../repositories/restroom-changes.js';
import { countUnplacedRestrooms, listUnplacedRestrooms, type UnplacedRestroom } from '../repositories/tool-restrooms.js';
import { failureSaysNothingChanged, paced } from './tool-lookups.js';

/** What the geocoder said about one batch, before anything is written. */
export interface GeocodeLookups {
  checked: UnplacedRestroom[];
  found: Array<{ restroom: UnplacedRestroom; position: FoundPosition }>;
  notFound: UnplacedRestroom[];
}

/**
 * Asks the geocoder about the next batch of restrooms without a position (after `afterId`), one at a
 * time, `paceMs` apart. Only a place inside the region is believed. Writes nothing: a geocoder that
 * fails part-way is a 502 that leaves every restroom as it was.
 */
export async function lookUpPositions(
  db: Kysely<Database>,
  geocoding: GeocodingService,
  afterId: string | undefined,
  paceMs: number,
  region: Pick<Region, 'mapCenter' | 'importBoxes'>,
): Promise<GeocodeLookups> {
  const checked = await listUnplacedRestrooms(db, afterId, GEOCODE_BATCH_MAX);
  const lookups: GeocodeLookups = { checked, found: [], notFound: [] };
  const next = paced(paceMs);
  for (const restroom of checked) {
    const query = geocodeQueryOf(restroom);
    const places = query === null ? [] : await next(() => failureSaysNothingChanged(geocoding.search(query)));
    const place = places.find((candidate) => isInRegion(candidate.geometry.location, region));
    if (place === undefined) {
      lookups.notFound.push(restroom);
      continue;
    }
    const { lat, lng } = place.geometry.location;
    lookups.found.push({ restroom, position: { latitude: lat, longitude: lng, placeId: place.place_id } });
  }
  return lookups;
}

/**
 * Stores the positions found, each with a fresh change-feed version so every device's map gains
 * the restroom, and logs each one. A restroom given a position meanwhile keeps it.
 */
export async function storePositions(
  trx: Transaction<Database>,
  actor: User,
  lookups: GeocodeLookups,
  nowMs: number,
): Promise<GeocodeToolReport> {
  const versions = await nextVersions(trx, lookups.found.length);
  const updated: GeocodeToolReport['updated'] = [];
  for (const [index, { restroom, position }] of lookups.found.entries()) {
    if (!(await placeRestroomIn(trx, restroom.id, position, nowMs, versions[index] ?? 0))) continue;
    const { latitude, longitude } = position;
    updated.push({ id: restroom.id, name: restroom.name, latitude, longitude });
    await logDecision(trx, {
      actorId: actor.id,
      action: 'restroom.geocode',
      entity: 'restroom',
      entityId: restroom.id,
      before: { latitude: null, longitude: null, place_id: restroom.place_id },
      after: { latitude, longitude, place_id: restroom.place_id ?? position.placeId },
      atMs: nowMs,
    });
  }
  const lastChecked = lookups.checked.at(-1)?.id;
  const remaining = lastChecked === undefined ? 0 : await countUnplacedRestrooms(trx, lastChecked);
  return {
    checked: lookups.checked.length,
    updated,
    notFound: lookups.notFound.map(({ id, name }) => ({ id, name })),
    remaining,
    nextAfterId: remaining > 0 ? (lastChecked ?? null) : null,
  };
}
