import { olderDatabase } from '@/test/older-db';
import { viewRows } from '@/test/view-rows';
import type Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { compactRestroom, LISTING_AMENITY_KEYS, type FlagBody, type NewRestroomBody, type Restroom } from '@allstall/shared';
import type { WriteRequest } from '../api/api-client';
import { idleTimers } from '@/test/clock';
import { makeComment, makeNewRestroomBody, makeOutboxRow, makeRestroom, makeUser } from '@/test/fixtures';
import { storedRestrooms } from '@/test/services';
import { createDb, metaGet, type AllstallDb } from './db';
import { createOutbox } from '../outbox/outbox';
import type { OutboxRow } from '../outbox/outbox-types';
import { groupIntoBuckets } from '../sync/buckets';
import { MirrorStore } from '../sync/mirror-store';

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

/** Puts compact rows into an older database's buckets, as its sync would have stored them. */
async function putBuckets(old: Dexie, rows: readonly unknown[]): Promise<void> {
  await old.table('restroomBuckets').bulkPut([...groupIntoBuckets(rows as never)].map(([bucket, inBucket]) => ({ bucket, rows: inBucket })));
}

/** Opens the database of that name with today's schema, running every upgrade it needs; deleted after the test. */
async function openUpgraded(name: string): Promise<AllstallDb> {
  const db = createDb(name);
  opened.push(db);
  await db.open();
  return db;
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
    await putBuckets(old, rows);
    await old.table('comments').put(comment);
    await old.table('meta').bulkPut([
      { key: 'syncCursor', value: '812' },
      { key: 'lastSyncedAt', value: 1_700_000_000_000 },
      { key: 'user', value: user },
    ]);
    await old.table('outbox').bulkPut(queued);
    old.close();

    const db = await openUpgraded(name);

    expect(db.verno).toBe(7);
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

    const db = await openUpgraded(name);

    expect(db.verno).toBe(7);
    const stored = await storedRestrooms(db);
    expect(stored.get(publicOne.id)).toEqual({ ...publicOne, access: 'public' });
    expect(stored.get(privateOne.id)).toEqual({ ...privateOne, access: null });
    for (const record of await db.restroomBuckets.toArray()) expect(record.rows.every((row) => row.length === 22)).toBe(true);
  });
});

describe('upgrade to compact rows of format 4 (database version 6)', () => {
  /** A restroom as the version-5 app stored it: a format-3 row, access at index 20 and nothing after. */
  const format3Row = (restroom: Restroom) => compactRestroom(restroom).slice(0, 21);

  it('reads every stored row with its fee unknown, and keeps every queued write of every kind, the cursor and the comments untouched', async () => {
    const name = `format4-upgrade-${++dbCount}`;
    const user = makeUser({ is_admin: true });
    const customersOnly = makeRestroom({ name: 'Customers only', access: 'customers', unisex: true, hours: [{ day: 2, open: 800, close: 1800 }] });
    const unknownAccess = makeRestroom({ name: 'Nobody said', access: null, accessible: null, time_zone: null });
    const removed = makeRestroom({ name: 'Removed', is_removed: true, access: 'public' });
    const comment = makeComment({ restroom_id: customersOnly.id });
    const flagBody: FlagBody = {
      restroom_id: customersOnly.id, name: 'Customers only', street: '1 Main St', city: 'Minneapolis', state: 'MN',
      unisex: true, accessible: null, changing_table: false, is_single_stall: null, menstrual_products: null, access: 'key',
      other: 'Ask at the desk', is_closed: false,
    };
    // Every kind of write the outbox knows, queued by the version-5 app (none of them names a fee), some refused once.
    const writes: OutboxRow[] = [
      makeOutboxRow({ kind: 'feedback', body: { restroom_id: customersOnly.id, upvote: 1, downvote: 0, comment: 'Clean' } }),
      makeOutboxRow({ kind: 'flag', body: flagBody }),
      makeOutboxRow({ kind: 'confirmation', body: { restroom_id: unknownAccess.id } }),
      makeOutboxRow({ kind: 'contact', body: { details: 'Hello' } }),
      makeOutboxRow({ kind: 'comment-delete', body: { comment_id: comment.id } }),
      makeOutboxRow({ kind: 'restroom', body: makeNewRestroomBody({ name: 'Brand new', access: 'public', unisex: null }, [{ day: 1, open: 900, close: 1700 }]) }),
      makeOutboxRow({ kind: 'restroom-decision', body: { restroom_id: unknownAccess.id, name: 'Nobody said', decision: { access: 'public', status: 'approved' } } }),
      makeOutboxRow({ kind: 'restroom-delete', body: { restroom_id: removed.id, name: 'Removed' } }),
      makeOutboxRow({ kind: 'flag-decision', body: { flag_id: customersOnly.id, name: 'Customers only', decision: { status: 'approved', edits: { access: 'customers' } } } }),
      makeOutboxRow({ kind: 'contact-resolve', body: { contact_id: comment.id, excerpt: 'Hello' } }),
      makeOutboxRow({ kind: 'user-role', body: { user_id: user.id, username: user.username, is_admin: false } }),
      makeOutboxRow({ kind: 'user-delete', body: { user_id: comment.user_id, username: 'someone' } }, { status: 'failed', attempts: 2, lastError: 'Nope', lastErrorField: 'user_id' }),
    ].map((row, at) => ({ ...row, userId: user.id, createdAt: at + 1 }));

    const old = olderDatabase(name, 5);
    const rows = [format3Row(customersOnly), format3Row(unknownAccess), format3Row(removed)];
    await putBuckets(old, rows);
    await old.table('restroomIndex').put({ key: 'columns', format: 1, generation: 0, ids: '', columns: {}, nearby: rows });
    await old.table('comments').put(comment);
    await old.table('meta').bulkPut([
      { key: 'syncCursor', value: '4711' },
      { key: 'user', value: user },
    ]);
    await old.table('outbox').bulkPut(writes);
    old.close();

    const db = await openUpgraded(name);

    expect(db.verno).toBe(7);
    const stored = await storedRestrooms(db);
    expect(stored.get(customersOnly.id)).toEqual({ ...customersOnly, fee: null });
    expect(stored.get(unknownAccess.id)).toEqual({ ...unknownAccess, fee: null });
    expect(stored.get(removed.id)).toEqual({ ...removed, fee: null });
    for (const record of await db.restroomBuckets.toArray()) expect(record.rows.every((row) => row.length === 22 && row[21] === null)).toBe(true);
    // The column index held format-3 rows and no fee: dropped, to be built again from the buckets.
    expect(await db.restroomIndex.count()).toBe(0);
    expect(await metaGet(db, 'syncCursor')).toBe('4711');
    expect(await db.comments.get(comment.id)).toEqual(comment);

    // The outbox rows are the very rows queued: same ids, bodies, states and order.
    expect(await db.outbox.orderBy('id').toArray()).toEqual([...writes].sort((a, b) => (a.id < b.id ? -1 : 1)));

    const shown = new MirrorStore();
    await shown.load(db);
    expect(viewRows(shown.getView()).map((row) => row[1]).sort()).toEqual(['Customers only', 'Nobody said']);
    expect(shown.get(customersOnly.id)?.fee).toBeNull();

    const requests: WriteRequest[] = [];
    const api = {
      sendWrite: async (request: WriteRequest) => {
        requests.push(request);
        return null;
      },
    };
    const outbox = createOutbox({ db, api, clock: { ...idleTimers, now: () => 1_800_000_000_000 } });
    await outbox.flush({ force: true });
    await outbox.flush({ force: true });
    // Each pending write goes once, under its own key, as it was queued; the refused one waits for its author's fix.
    const pending = writes.filter((row) => row.status === 'pending');
    expect(requests.map((request) => request.idempotencyKey)).toEqual(pending.map((row) => row.id));
    expect(requests.find((request) => request.idempotencyKey === writes[1]!.id)?.body).toEqual(flagBody);
    // A new restroom queued without a fee goes without one: the server reads that as unknown.
    const sentNew = requests.find((request) => request.idempotencyKey === writes[5]!.id)?.body as NewRestroomBody;
    expect(sentNew).toEqual({ ...(writes[5]!.body as NewRestroomBody), bathroomToAdd: { ...(writes[5]!.body as NewRestroomBody).bathroomToAdd, id: writes[5]!.id } });
    expect(sentNew.bathroomToAdd).not.toHaveProperty('fee');
    expect(await db.outbox.toArray()).toEqual([writes[11]]);
  });
});

describe('upgrade to staged first-sync rows (database version 7)', () => {
  it('a device cut short in a first sync keeps its stored rows and pieces, every queued write goes once, and the resume reads them', async () => {
    const name = `staged-upgrade-${++dbCount}`;
    const user = makeUser();
    const restrooms = [makeRestroom({ name: 'Stored before' }), makeRestroom({ name: 'Stored too' })];
    const writes: OutboxRow[] = [
      makeOutboxRow({ kind: 'feedback', body: { restroom_id: restrooms[0]!.id, upvote: 1, downvote: 0, comment: 'Clean' } }),
      makeOutboxRow({ kind: 'confirmation', body: { restroom_id: restrooms[1]!.id } }),
    ].map((row, at) => ({ ...row, userId: user.id, createdAt: at + 1 }));
    const progress = { cursor: '90', stored: [{ key: '0', name: '0-abc' }] };

    const old = olderDatabase(name, 6);
    await putBuckets(old, restrooms.map(compactRestroom));
    await old.table('meta').bulkPut([
      { key: 'firstSyncPieces', value: progress },
      { key: 'user', value: user },
    ]);
    await old.table('outbox').bulkPut(writes);
    old.close();

    const db = await openUpgraded(name);

    expect(db.verno).toBe(7);
    expect(await db.stagedRows.count()).toBe(0);
    expect(await metaGet(db, 'firstSyncPieces')).toEqual(progress);
    expect([...(await storedRestrooms(db)).values()].map((row) => row.name).sort()).toEqual(['Stored before', 'Stored too']);
    expect(await db.outbox.orderBy('id').toArray()).toEqual([...writes].sort((a, b) => (a.id < b.id ? -1 : 1)));
    const shown = new MirrorStore();
    await shown.load(db);
    expect(viewRows(shown.getView()).map((row) => row[1]).sort()).toEqual(['Stored before', 'Stored too']);

    const requests: WriteRequest[] = [];
    const api = {
      sendWrite: async (request: WriteRequest) => {
        requests.push(request);
        return null;
      },
    };
    const outbox = createOutbox({ db, api, clock: { ...idleTimers, now: () => 1_800_000_000_000 } });
    await outbox.flush({ force: true });
    await outbox.flush({ force: true });
    expect(requests.map((request) => request.idempotencyKey)).toEqual(writes.map((row) => row.id));
    expect(await db.outbox.count()).toBe(0);
  });
});
