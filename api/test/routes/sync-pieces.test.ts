import {
  expandRestroom,
  pieceHolds,
  planPieces,
  PIECE_MAX_RESTROOMS,
  snapshotRowsOfColumns,
  SyncPieceIndexSchema,
  SyncSnapshotWireLineSchema,
  type CompactRestroom,
  type Comment,
  type Restroom,
  type SyncPieceIndex,
  type SyncSnapshotWireLine,
} from '@allstall/shared';
import { Value } from 'typebox/value';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { deleteRestroom, insertComment, updateRestroom } from '../support/database-fixtures.js';
import { insertRestroom, pull } from '../support/fixtures.js';
import { decodedBody, useTestApp } from '../support/helpers.js';

/** What a device holds: restrooms and comments by id, and the pieces it stored. */
interface Device {
  restrooms: Map<string, Restroom>;
  comments: Map<string, Comment>;
  stored: { key: string; name: string }[];
}

// Maximum age 0: every index is at the feed's newest version, so each test sees what it just wrote.
const testApp = useTestApp({ DEMO_DATA: '1', SNAPSHOT_MAX_AGE_SECONDS: '0' });

// Beside the demo's Twin Cities, restrooms over the country: more than one piece's worth, in many cells.
beforeAll(async () => {
  const { app } = testApp();
  for (let at = 0; at < 900; at++) {
    await insertRestroom(app.db, { name: `Spread ${at}`, latitude: 30 + (at % 30) * 0.6, longitude: -120 + Math.floor(at / 30) * 1.5 });
  }
});

async function fetchIndex(app: App): Promise<SyncPieceIndex> {
  const response = await app.inject({ method: 'GET', url: '/api/sync/pieces', headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const index: unknown = JSON.parse(decodedBody(response));
  expect(Value.Check(SyncPieceIndexSchema, index)).toBe(true);
  return index as SyncPieceIndex;
}

/** A piece's lines, each checked as a device checks them, ending with the end line and only there. */
async function fetchPiece(app: App, name: string): Promise<{ restrooms: Restroom[]; comments: Comment[] }> {
  const response = await app.inject({ method: 'GET', url: `/api/sync/pieces/${name}`, headers: { 'accept-encoding': 'gzip' } });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const lines = decodedBody(response).trimEnd().split('\n');
  const restrooms: Restroom[] = [];
  const comments: Comment[] = [];
  lines.forEach((text, at) => {
    const line: unknown = JSON.parse(text);
    expect(Value.Check(SyncSnapshotWireLineSchema, line)).toBe(true);
    const parsed = line as SyncSnapshotWireLine;
    expect('end' in parsed).toBe(at === lines.length - 1);
    if ('restroomColumns' in parsed) for (const row of snapshotRowsOfColumns(parsed.restroomColumns) ?? []) restrooms.push(expandRestroom(row as CompactRestroom));
    if ('comments' in parsed) comments.push(...parsed.comments);
  });
  return { restrooms, comments };
}

/** A device's first sync as docs/offline-data.md says: drop what the index no longer names, fetch the rest, then the feed from its cursor. */
async function syncPieces(app: App, device: Device, index: SyncPieceIndex, only?: number): Promise<void> {
  const plan = planPieces(index.pieces, device.stored);
  for (const piece of plan.drop) {
    for (const [id, restroom] of device.restrooms) {
      if (!pieceHolds(piece.key, restroom.latitude, restroom.longitude)) continue;
      device.restrooms.delete(id);
      for (const [commentId, comment] of device.comments) if (comment.restroom_id === id) device.comments.delete(commentId);
    }
  }
  device.stored = plan.keep;
  for (const piece of plan.fetch.slice(0, only)) {
    const { restrooms, comments } = await fetchPiece(app, piece.name);
    expect(restrooms).toHaveLength(piece.restrooms);
    expect(comments).toHaveLength(piece.comments);
    for (const restroom of restrooms) device.restrooms.set(restroom.id, restroom);
    for (const comment of comments) device.comments.set(comment.id, comment);
    device.stored.push({ key: piece.key, name: piece.name });
  }
}

async function pullFeed(app: App, device: Device, since: string): Promise<void> {
  for (let cursor = since; ; ) {
    const page = await pull(app, cursor);
    expect(page.reset).toBe(false);
    for (const restroom of page.restrooms) device.restrooms.set(restroom.id, restroom);
    for (const comment of page.comments) device.comments.set(comment.id, comment);
    for (const id of page.deleted.restrooms) device.restrooms.delete(id);
    for (const id of page.deleted.comments) device.comments.delete(id);
    cursor = page.cursor;
    if (!page.more) return;
  }
}

/** What a device holds after pulling the whole feed from the start. */
async function fullPull(app: App): Promise<Device> {
  const device: Device = { restrooms: new Map(), comments: new Map(), stored: [] };
  for (let cursor: string | undefined; ; ) {
    const page = await pull(app, cursor);
    for (const restroom of page.restrooms) device.restrooms.set(restroom.id, restroom);
    for (const comment of page.comments) device.comments.set(comment.id, comment);
    cursor = page.cursor;
    if (!page.more) return device;
  }
}

const sorted = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

async function someVisible(app: App, count: number): Promise<Restroom[]> {
  const ids = await app.db.selectFrom('restrooms').select('id').where('status', '=', 'approved').where('is_removed', '=', 0).orderBy('id').limit(count).execute();
  const index = await fetchIndex(app);
  const all = new Map<string, Restroom>();
  for (const piece of index.pieces) for (const restroom of (await fetchPiece(app, piece.name)).restrooms) all.set(restroom.id, restroom);
  return ids.map(({ id }) => all.get(id)!);
}

async function addComment(app: App, restroomId: string, content: string): Promise<string> {
  const id = uuidv7();
  const admin = await app.db.selectFrom('users').select('id').where('is_admin', '=', 1).executeTakeFirstOrThrow();
  await insertComment(app.db, { id, restroomId, userId: admin.id, content, insertedAtMs: Date.now() });
  return id;
}

describe('GET /api/sync/pieces', () => {
  it('cuts exactly what a first pull of the feed brings into pieces of at most 1,000, each restroom in the cell of its position', async () => {
    const { app } = testApp();
    const [commented] = await someVisible(app, 1);
    const comment = await addComment(app, commented!.id, 'The code is on the receipt.');
    const index = await fetchIndex(app);
    expect(index.cursor).toBe(String(await readMeta(app.db, 'seq')));
    expect(index.pieces.length).toBeGreaterThan(1);
    const device: Device = { restrooms: new Map(), comments: new Map(), stored: [] };
    for (const piece of index.pieces) {
      expect(piece.restrooms).toBeLessThanOrEqual(PIECE_MAX_RESTROOMS);
      expect(piece.name.startsWith(`${piece.key}.`)).toBe(true);
      const { restrooms, comments } = await fetchPiece(app, piece.name);
      for (const restroom of restrooms) {
        expect(pieceHolds(piece.key, restroom.latitude, restroom.longitude), restroom.id).toBe(true);
        expect(device.restrooms.has(restroom.id)).toBe(false);
        device.restrooms.set(restroom.id, restroom);
      }
      for (const each of comments) {
        expect(restrooms.some((restroom) => restroom.id === each.restroom_id)).toBe(true);
        device.comments.set(each.id, each);
      }
    }
    const fresh = await fullPull(app);
    expect(sorted(device.restrooms)).toEqual(sorted(fresh.restrooms));
    expect(sorted(device.comments)).toEqual(sorted(fresh.comments));
    expect(device.comments.has(comment)).toBe(true);
    expect(index.restrooms).toBe(device.restrooms.size);
    expect(index.comments).toBe(device.comments.size);
  });

  it('keeps the name of every piece whose restrooms did not change, and renames the cells a change touched', async () => {
    const { app } = testApp();
    const before = await fetchIndex(app);
    const [renamed] = await someVisible(app, 1);
    await updateRestroom(app.db, renamed!.id, { name: 'Renamed Library' }, Date.now());
    const after = await fetchIndex(app);
    expect(after.cursor).not.toBe(before.cursor);
    const changed = after.pieces.filter((piece) => !before.pieces.some((old) => old.name === piece.name));
    expect(changed.map((piece) => piece.key)).toEqual(before.pieces.filter((piece) => pieceHolds(piece.key, renamed!.latitude, renamed!.longitude)).map((piece) => piece.key));
  });

  it('resumes a first sync cut short on a newer index: kept pieces, dropped ones, then the feed, make exactly the public set', async () => {
    const { app } = testApp();
    const device: Device = { restrooms: new Map(), comments: new Map(), stored: [] };
    const first = await fetchIndex(app);
    // The connection drops after half the pieces.
    await syncPieces(app, device, first, Math.ceil(first.pieces.length / 2));
    expect(device.stored.length).toBeLessThan(first.pieces.length);

    // Meanwhile, to restrooms the device already stored: a deletion, a move across the region, a
    // hidden listing, a comment; and a new restroom.
    const [gone, moved, hidden, commented] = [...device.restrooms.values()];
    await deleteRestroom(app.db, gone!.id, Date.now());
    await updateRestroom(app.db, moved!.id, { latitude: 45.2, longitude: -93.9 }, Date.now());
    await updateRestroom(app.db, hidden!.id, { is_removed: true }, Date.now());
    const added = await insertRestroom(app.db, { name: 'New Cafe' });
    const comment = await addComment(app, commented!.id, 'Added while the sync was cut.');

    const second = await fetchIndex(app);
    await syncPieces(app, device, second);
    await pullFeed(app, device, second.cursor);
    const fresh = await fullPull(app);
    expect(sorted(device.restrooms)).toEqual(sorted(fresh.restrooms));
    expect(sorted(device.comments)).toEqual(sorted(fresh.comments));
    expect(device.restrooms.has(gone!.id)).toBe(false);
    expect(device.restrooms.has(hidden!.id)).toBe(false);
    expect(device.restrooms.get(moved!.id)?.latitude).toBe(45.2);
    expect(device.restrooms.has(added)).toBe(true);
    expect(device.comments.has(comment)).toBe(true);
  });

  it('serves a piece under an immutable name with a strong ETag, and says plainly when a name is gone or malformed', async () => {
    const { app } = testApp();
    const index = await fetchIndex(app);
    const { name } = index.pieces[0]!;
    const response = await app.inject({ method: 'GET', url: `/api/sync/pieces/${name}`, headers: { 'accept-encoding': 'br' } });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    const again = await app.inject({ method: 'GET', url: `/api/sync/pieces/${name}`, headers: { 'accept-encoding': 'br', 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const gone = await app.inject({ method: 'GET', url: `/api/sync/pieces/${index.pieces[0]!.key}.0000000000000000` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'sync.pieceGone', field: 'name' });
    const malformed = await app.inject({ method: 'GET', url: '/api/sync/pieces/..%2F..%2Fetc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'name' });

    const indexAgain = await app.inject({ method: 'GET', url: '/api/sync/pieces', headers: { 'accept-encoding': 'gzip' } });
    const notModified = await app.inject({ method: 'GET', url: '/api/sync/pieces', headers: { 'accept-encoding': 'gzip', 'if-none-match': String(indexAgain.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
  });

  it("still serves the pieces of the index before the newest, for a device that read it just before a rebuild", async () => {
    const { app } = testApp();
    const [first, second] = await someVisible(app, 2);
    const old = await fetchIndex(app);
    await updateRestroom(app.db, first!.id, { name: 'Changed Once' }, Date.now());
    const newer = await fetchIndex(app);
    const replaced = old.pieces.find((piece) => !newer.pieces.some((each) => each.name === piece.name))!;
    expect((await app.inject({ method: 'GET', url: `/api/sync/pieces/${replaced.name}` })).statusCode).toBe(200);
    // Two builds later it is gone: the device reads the index again.
    await updateRestroom(app.db, second!.id, { name: 'Changed Twice' }, Date.now());
    await fetchIndex(app);
    await updateRestroom(app.db, first!.id, { name: 'Changed Thrice' }, Date.now());
    await fetchIndex(app);
    expect((await app.inject({ method: 'GET', url: `/api/sync/pieces/${replaced.name}` })).statusCode).toBe(404);
  });
});
