import { HOURS_BATCH_MAX, sameWeeklyHours, type HoursRange, type HoursToolBody, type HoursToolReport, type User } from '@allstall/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { GeocodingService } from '../geocoding/geocoding-service.js';
import { parseOpeningHours } from '../geocoding/opening-hours.js';
import { osmRefFromPlaceId } from '../geocoding/provider.js';
import { nextVersions } from '../repositories/feed-versions.js';
import { logDecision } from '../repositories/moderation-log.js';
import { replaceHoursIn } from '../repositories/restroom-changes.js';
import { hoursByRestroomId } from '../repositories/restrooms.js';
import { countRestroomsInIdRange, listRestroomsInIdRange, type RangedRestroom } from '../repositories/tool-restrooms.js';
import { failureSaysNothingChanged } from './tool-lookups.js';

/** What OpenStreetMap said about one batch of the range, before anything is written. */
export interface HoursLookups {
  range: HoursToolBody;
  checked: number;
  changes: Array<{ restroom: RangedRestroom; before: HoursRange[] | null; hours: HoursRange[] }>;
  unchanged: number;
  noPlace: number;
  failed: number;
  /** The first restroom of the range after this batch; null when the batch reaches the range's end. */
  nextMinId: string | null;
}

/**
 * Reads the opening hours OpenStreetMap has for each restroom of the next batch of the range that
 * has an OpenStreetMap place, one element at a time. Writes nothing: Overpass failing part-way is
 * a 502 that leaves every restroom as it was.
 */
export async function lookUpHours(
  db: Kysely<Database>,
  geocoding: GeocodingService,
  range: HoursToolBody,
): Promise<HoursLookups> {
  const rows = await listRestroomsInIdRange(db, range.minId, range.maxId, HOURS_BATCH_MAX + 1);
  const batch = rows.slice(0, HOURS_BATCH_MAX);
  const current = await hoursByRestroomId(db, batch.map((restroom) => restroom.id));
  const lookups: HoursLookups = {
    range,
    checked: batch.length,
    changes: [],
    unchanged: 0,
    noPlace: 0,
    failed: 0,
    nextMinId: rows[HOURS_BATCH_MAX]?.id ?? null,
  };
  for (const restroom of batch) {
    const ref = restroom.place_id === null ? undefined : osmRefFromPlaceId(restroom.place_id);
    if (ref === undefined) {
      lookups.noPlace += 1;
      continue;
    }
    const tags = await failureSaysNothingChanged(geocoding.osmTags(ref));
    const hours = parseOpeningHours(tags?.opening_hours);
    const before = current.get(restroom.id) ?? null;
    if (hours === null) lookups.failed += 1;
    else if (sameWeeklyHours(before, hours)) lookups.unchanged += 1;
    else lookups.changes.push({ restroom, before, hours });
  }
  return lookups;
}

/** Replaces the hours that differ, each with a fresh change-feed version so every device follows, and logs each. */
export async function storeHours(trx: Transaction<Database>, actor: User, lookups: HoursLookups, nowMs: number): Promise<HoursToolReport> {
  const versions = await nextVersions(trx, lookups.changes.length);
  const updated: HoursToolReport['updated'] = [];
  for (const [index, { restroom, before, hours }] of lookups.changes.entries()) {
    if (!(await replaceHoursIn(trx, restroom.id, hours, nowMs, versions[index] ?? 0))) continue;
    updated.push({ id: restroom.id, name: restroom.name, hours });
    await logDecision(trx, {
      actorId: actor.id,
      action: 'restroom.hours',
      entity: 'restroom',
      entityId: restroom.id,
      before: { hours: before },
      after: { hours },
      atMs: nowMs,
    });
  }
  const { nextMinId } = lookups;
  const { checked, unchanged, noPlace, failed } = lookups;
  return {
    checked,
    updated,
    unchanged,
    noPlace,
    failed,
    remaining: nextMinId === null ? 0 : await countRestroomsInIdRange(trx, nextMinId, lookups.range.maxId),
    nextMinId,
  };
}
