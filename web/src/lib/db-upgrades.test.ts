import { olderDatabase } from '../test/older-db';
import { viewRows } from '../test/view-rows';
import { afterEach, describe, expect, it } from 'vitest';
import { LISTING_AMENITY_KEYS, type FlagBody, type Restroom } from '@allstall/shared';
import type { WriteRequest } from './api-client';
import { idleTimers } from '../test/clock';
import { makeComment, makeNewRestroomBody, makeOutboxRow, makeRestroom, makeUser } from '../test/fixtures';
import { storedRestrooms } from '../test/services';
import { createDb, metaGet, type AllstallDb } from './db';
import { createOutbox } from './outbox/outbox';
import type { OutboxRow } from './outbox/outbox-types';
import { groupIntoBuckets } from './sync/buckets';
import { MirrorStore } from './sync/mirror-store';

let dbCount = 0;
const opened: AllstallDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/** A restroom as a format-2 row: the version-3 app's layout, with `public` at bit 5 and removal at bit 6. */
function format2Row(restroom: Restroom, isPublic: boolean): unknown[] {
  let flags = 0;
  LISTING_AMENITY_KEYS.forEach((key, bit) => {
    if (restroom[key] === true) flags |= 1 << bit;
  });
  if (isPublic) flags |= 1 << 5;
  if (restroom.is_removed) flags |= 1 << 6;
  const hours = restroom.hours?.flatMap((range) => [range.day, range.open, range.close]) ?? null;
  return [
    restroom.id, restroom.name, restroom.street, restroom.city, restroom.state, restroom.country,
    restroom.latitude, restroom.longitude, flags, restroom.status, restroom.upvotes, restroom.downvotes,
    restroom.last_confirmed_at, hours, restroom.place_id, restroom.source, restroom.username,
    restroom.created_at, restroom.updated_at, restroom.time_zone,
  ];
}

describe('upgrade to compact rows of format 3 (database version 4)', () => {
  it('rewrites stored rows with their amenities known and public as access, keeping cursor, comments and meta, and every queued write goes once', async () => {
    const name = `format3-upgrade-${++dbCount}`;
    const user = makeUser();
    const publicOne = makeRestroom({ name: 'Public one', unisex: true, accessible: false, changing_table: true, is_single_stall: false, menstrual_products: true, hours: [{ day: 1, open: 900, close: 1700 }] });
    const privateOne = makeRestroom({ name: 'Private one', unisex: false, accessible: true, changing_table: false, is_single_stall: true, menstrual_products: false });
    const removedOne = makeRestroom({ name: 'Removed one', is_removed: true });
    const beforeZones = makeRestroom({ name: 'Before zones', time_zone: null });
    const rows = [format2Row(publicOne, true), format2Row(privateOne, false), format2Row(removedOne, true), format2Row(beforeZones, false).slice(0, 19)];
    const comment = makeComment({ restroom_id: publicOne.id });

    const flagBody: FlagBody = {
      restroom_id: privateOne.id, name: 'Private one', street: '1 Main St', city: 'Minneapolis', state: 'MN',
      unisex: true, accessible: true, changing_table: false, is_single_stall: true, menstrual_products: false,
      other: 'It is gender-neutral now', is_closed: false,
    };
    const newRestroom = makeNewRestroomBody({ name: 'Brand new', is_public: true, unisex: true });
    const queued: OutboxRow[] = [
      makeOutboxRow({ kind: 'feedback', body: { restroom_id: publicOne.id, upvote: 1, downvote: 0, comment: 'Clean' } }, { userId: user.id, createdAt: 1 }),
      makeOutboxRow({ kind: 'restroom', body: newRestroom }, { userId: user.id, createdAt: 2 }),
      makeOutboxRow({ kind: 'flag', body: flagBody }, { userId: user.id, createdAt: 3 }),
      makeOutboxRow(
        { kind: 'restroom-decision', body: { restroom_id: privateOne.id, name: 'Private one', decision: { public: false, name: 'Private' } as never } },
        { userId: user.id, createdAt: 4 },
      ),
    ];

    const old = olderDatabase(name, 3);
    await old.table('restroomBuckets').bulkPut([...groupIntoBuckets(rows as never)].map(([bucket, inBucket]) => ({ bucket, rows: inBucket })));
    await old.table('comments').put(comment);
    await old.table('meta').bulkPut([
      { key: 'syncCursor', value: '812' },
      { key: 'lastSyncedAt', value: 1_700_000_000_000 },
      { key: 'user', value: user },
    ]);
    await old.table('outbox').bulkPut(queued);
    old.close();

    const db = createDb(name);
    opened.push(db);
    await db.open();

    expect(db.verno).toBe(5);
    const stored = await storedRestrooms(db);
    expect(stored.get(publicOne.id)).toEqual({ ...publicOne, access: 'public' });
    expect(stored.get(privateOne.id)).toEqual({ ...privateOne, access: null });
    expect(stored.get(removedOne.id)).toEqual({ ...removedOne, access: 'public' });
    expect(stored.get(beforeZones.id)).toEqual({ ...beforeZones, time_zone: null, access: null });
    // Known no stays no: the old app's false is not turned into unknown on the device.
    expect(stored.get(privateOne.id)?.unisex).toBe(false);
    expect(await metaGet(db, 'syncCursor')).toBe('812');
    expect(await metaGet(db, 'lastSyncedAt')).toBe(1_700_000_000_000);
    expect(await metaGet(db, 'user')).toEqual(user);
    expect(await db.comments.get(comment.id)).toEqual(comment);

    const shown = new MirrorStore();
    await shown.load(db);
    expect(viewRows(shown.getView()).map((row) => row[1]).sort()).toEqual(['Before zones', 'Private one', 'Public one']);

    const waiting = await db.outbox.toArray();
    expect(waiting.map((row) => row.id).sort()).toEqual(queued.map((row) => row.id).sort());
    const upgradedNew = waiting.find((row) => row.kind === 'restroom')!;
    expect(upgradedNew.body).toEqual({ ...newRestroom, bathroomToAdd: { ...(({ is_public: _, ...rest }) => rest)(newRestroom.bathroomToAdd), access: 'public' } });

    const requests: WriteRequest[] = [];
    const api = {
      sendWrite: async (request: WriteRequest) => {
        requests.push(request);
        return null;
      },
    };
    const outbox = createOutbox({ db, api, clock: { ...idleTimers, now: () => 1_800_000_000_000 } });
    await outbox.flush();
    await outbox.flush();

    expect(requests.map((request) => [request.method, request.path, request.idempotencyKey])).toEqual([
      ['POST', '/api/feedback', queued[0]!.id],
      ['POST', '/api/bathrooms', queued[1]!.id],
      ['POST', '/api/flags', queued[2]!.id],
      ['PATCH', `/api/bathrooms/${privateOne.id}`, queued[3]!.id],
    ]);
    expect(requests[0]!.body).toEqual(queued[0]!.body);
    const sentNew = (requests[1]!.body as typeof newRestroom).bathroomToAdd;
    expect(sentNew).toMatchObject({ name: 'Brand new', access: 'public', unisex: true, id: queued[1]!.id });
    expect(sentNew).not.toHaveProperty('is_public');
    // A flag keeps its fields as queued; without access the server keeps the restroom's own.
    expect(requests[2]!.body).toEqual(flagBody);
    expect(requests[3]!.body).toEqual({ name: 'Private', access: null });
    expect(await db.outbox.count()).toBe(0);
  });

  it('takes a version-2 database (one record per restroom, with public) through versions 3 and 4 to format-3 rows', async () => {
    const name = `format3-upgrade-${++dbCount}`;
    const publicOne = makeRestroom({ name: 'Public one' });
    const privateOne = makeRestroom({ name: 'Private one', unisex: false });
    const asStored = (restroom: Restroom, isPublic: boolean) => {
      const { access: _, ...rest } = restroom;
      return { ...rest, public: isPublic };
    };
    const old = olderDatabase(name, 2);
    await old.table('restrooms').bulkPut([asStored(publicOne, true), asStored(privateOne, false)]);
    old.close();

    const db = createDb(name);
    opened.push(db);
    await db.open();

    expect(db.verno).toBe(5);
    const stored = await storedRestrooms(db);
    expect(stored.get(publicOne.id)).toEqual({ ...publicOne, access: 'public' });
    expect(stored.get(privateOne.id)).toEqual({ ...privateOne, access: null });
    for (const record of await db.restroomBuckets.toArray()) expect(record.rows.every((row) => row.length === 21)).toBe(true);
  });
});
