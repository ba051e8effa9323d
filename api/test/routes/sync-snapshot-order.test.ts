import {
  CompactRestroomSchema,
  expandRestroom,
  restroomDistanceMilesExact,
  SNAPSHOT_LINE_ROWS,
  snapshotRowsOfColumns,
  SyncSnapshotWireLineSchema,
  type CompactRestroom,
  type LatLng,
  type SyncSnapshotHeader,
  type SyncSnapshotWireLine,
} from '@allstall/shared';
import type { Kysely } from 'kysely';
import { Value } from 'typebox/value';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import type { Database } from '../../src/db/schema.js';
import { nextVersions } from '../../src/repositories/feed-versions.js';
import { insertComment } from '../support/database-fixtures.js';
import { testRestroomColumns, type RestroomOverrides } from '../support/fixtures.js';
import { decodedBody, useTestApp } from '../support/helpers.js';

/*
 * The snapshot's restrooms come nearest first from the region's list origin and map centre
 * (docs/offline-data.md#nearest-first), so a device draws what a first visit shows
 * from the first lines. Here the two points are eight miles apart: downtown Minneapolis and
 * downtown Saint Paul.
 */

const DOWNTOWN: LatLng = { lat: 44.97997, lng: -93.26384 };
const SAINT_PAUL: LatLng = { lat: 44.9537, lng: -93.09 };

const testApp = useTestApp({
  SNAPSHOT_MAX_AGE_SECONDS: '0',
  REGION_LIST_ORIGIN: `${DOWNTOWN.lat},${DOWNTOWN.lng}`,
  REGION_MAP_CENTER: `${SAINT_PAUL.lat},${SAINT_PAUL.lng}`,
});

/** A restroom as the test placed it. */
interface Placed {
  id: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Inserts many restrooms in one transaction, each with its own feed version, as an import would;
 * their ids (UUIDv7) climb in the order given. Returns them as placed.
 */
async function insertRestrooms(db: Kysely<Database>, rows: readonly RestroomOverrides[]): Promise<Placed[]> {
  const now = Date.now();
  const placed = rows.map((row) => ({ ...row, id: uuidv7() }));
  await db.transaction().execute(async (trx) => {
    const versions = await nextVersions(trx, placed.length);
    for (let at = 0; at < placed.length; at += 100) {
      const values = placed.slice(at, at + 100).map((row, offset) => ({
        ...testRestroomColumns(row.id, now),
        // Every row of one insert names the same columns: SQLite has no DEFAULT in a multi-row insert.
        is_removed: 0,
        version: versions[at + offset] ?? 0,
        ...row,
      }));
      await trx.insertInto('restrooms').values(values).execute();
    }
  });
  return placed.map(({ id, latitude = 44.98, longitude = -93.27 }) => ({ id, latitude, longitude }));
}

/** A point `miles` from `from` on bearing `degrees` (flat-earth: close enough for placing test rows). */
function offset(from: LatLng, miles: number, degrees: number): { latitude: number; longitude: number } {
  const radians = (degrees * Math.PI) / 180;
  const latitude = from.lat + (miles / 69.05) * Math.cos(radians);
  return { latitude, longitude: from.lng + (miles / (69.17 * Math.cos((from.lat * Math.PI) / 180))) * Math.sin(radians) };
}

/** 2,300 rows between a few metres and 400 miles out, in an order unrelated to their distance. */
function scatteredRows(): RestroomOverrides[] {
  let seed = 27;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: 2_300 }, (_, index) => {
    // A third within five miles of downtown, the rest out to the state's edge and beyond.
    const miles = index % 3 === 0 ? next() * 5 : next() * 400;
    return { name: `Scattered ${index}`, ...offset(DOWNTOWN, miles, next() * 360) };
  });
}

/** The snapshot's lines as sent, each restroom line as its ids in order. */
async function snapshotLines(app: App): Promise<{ header: SyncSnapshotHeader; lines: Array<{ restrooms: string[] } | { comments: string[] } | { end: true }> }> {
  const response = await app.inject({ method: 'GET', url: '/api/sync/snapshot', headers: { 'accept-encoding': 'br' } });
  expect(response.statusCode).toBe(200);
  const [headerLine = '', ...rest] = decodedBody(response).trimEnd().split('\n');
  const header = JSON.parse(headerLine) as SyncSnapshotHeader;
  const lines = rest.map((text) => {
    const line: unknown = JSON.parse(text);
    expect(Value.Check(SyncSnapshotWireLineSchema, line)).toBe(true);
    const body = line as SyncSnapshotWireLine;
    if ('restroomColumns' in body) {
      const rows = snapshotRowsOfColumns(body.restroomColumns) ?? [];
      for (const row of rows) expect(Value.Check(CompactRestroomSchema, row)).toBe(true);
      return { restrooms: rows.map((row) => expandRestroom(row as CompactRestroom).id) };
    }
    if ('comments' in body) return { comments: body.comments.map((comment) => comment.id) };
    return { end: true as const };
  });
  return { header, lines };
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** How far out a placed row is: miles to the nearer of the two points, Infinity without a position. */
function outward(row: Placed): number {
  if (row.latitude === null || row.longitude === null) return Number.POSITIVE_INFINITY;
  const at = { lat: row.latitude, lng: row.longitude };
  return Math.min(restroomDistanceMilesExact(DOWNTOWN, at), restroomDistanceMilesExact(SAINT_PAUL, at));
}

describe('GET /api/sync/snapshot, in the order a first visit needs', () => {
  it('sends every visible restroom once, nearest first from the nearer of the list origin and the map centre, unplaced last', async () => {
    const { app } = testApp();
    const scattered = await insertRestrooms(app.db, scatteredRows());
    // Two at the very same spot: equal distances go in id order.
    const [twinA, twinB] = await insertRestrooms(app.db, [
      { name: 'Twin A', ...offset(DOWNTOWN, 2, 90) },
      { name: 'Twin B', ...offset(DOWNTOWN, 2, 90) },
    ]);
    // Half a mile from downtown, and a tenth of a mile from Saint Paul: the second is nearer the map centre, so it goes first.
    const [nearDowntown, nearSaintPaul] = await insertRestrooms(app.db, [
      { name: 'Half a mile from downtown', ...offset(DOWNTOWN, 0.5, 0) },
      { name: 'By Saint Paul', ...offset(SAINT_PAUL, 0.1, 200) },
    ]);
    const unplaced = await insertRestrooms(app.db, [
      { name: 'Nowhere 1', latitude: null, longitude: null },
      { name: 'Nowhere 2', latitude: null, longitude: null },
    ]);
    // Hidden rows right at the origin: never sent, wherever they would sort.
    const hidden = await insertRestrooms(app.db, [
      { name: 'Pending', status: 'pending', latitude: DOWNTOWN.lat, longitude: DOWNTOWN.lng },
      { name: 'Rejected', status: 'rejected', latitude: DOWNTOWN.lat, longitude: DOWNTOWN.lng },
      { name: 'Removed', is_removed: 1, latitude: DOWNTOWN.lat, longitude: DOWNTOWN.lng },
    ]);
    const admin = await app.db.selectFrom('users').select('id').where('is_admin', '=', 1).executeTakeFirstOrThrow();
    await insertComment(app.db, { id: uuidv7(), restroomId: nearDowntown!.id, userId: admin.id, content: 'Clean.', insertedAtMs: Date.now() });

    const { header, lines } = await snapshotLines(app);
    const restroomLines = lines.flatMap((line) => ('restrooms' in line ? [line.restrooms] : []));
    const sent = restroomLines.flat();
    const visible = [...scattered, twinA!, twinB!, nearDowntown!, nearSaintPaul!, ...unplaced];

    // Every visible restroom exactly once, nothing hidden.
    expect(sent).toHaveLength(visible.length);
    expect(header.restrooms).toBe(visible.length);
    expect(new Set(sent)).toEqual(new Set(visible.map((row) => row.id)));
    for (const row of hidden) expect(sent).not.toContain(row.id);

    // Lines as full as before: 2,306 rows in three lines, then the comment, then the end.
    expect(restroomLines.map((line) => line.length)).toEqual([SNAPSHOT_LINE_ROWS, SNAPSHOT_LINE_ROWS, visible.length - 2 * SNAPSHOT_LINE_ROWS]);
    expect(lines.slice(restroomLines.length)).toEqual([{ comments: [expect.any(String)] }, { end: true }]);

    // The whole order: outward, equal distances and the unplaced in id order, the unplaced last.
    const expected = [...visible].sort((a, b) => outward(a) - outward(b) || byId(a.id, b.id)).map((row) => row.id);
    expect(sent).toEqual(expected);

    // What a person would notice: the restrooms near downtown in the first line, the far ones in the last.
    const distanceOf = new Map(visible.map((row) => [row.id, outward(row)]));
    const [first = [], , last = []] = restroomLines;
    expect(Math.max(...first.map((id) => distanceOf.get(id)!))).toBeLessThan(Math.min(...last.filter((id) => Number.isFinite(distanceOf.get(id))).map((id) => distanceOf.get(id)!)));
    const withinFiveMiles = visible.filter((row) => outward(row) < 5).map((row) => row.id);
    expect(withinFiveMiles.length).toBeGreaterThan(700);
    expect(first.slice(0, withinFiveMiles.length).sort(byId)).toEqual(withinFiveMiles.sort(byId));
    expect(last).toContain(visible.filter((row) => Number.isFinite(outward(row))).sort((a, b) => outward(b) - outward(a))[0]!.id);
    expect(sent.indexOf(nearSaintPaul!.id)).toBeLessThan(sent.indexOf(nearDowntown!.id));
    expect(sent.indexOf(twinA!.id) + 1).toBe(sent.indexOf(twinB!.id));
    expect(sent.slice(-2)).toEqual(unplaced.map((row) => row.id).sort(byId));
  });
});
