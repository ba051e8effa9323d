import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  expandRestroom,
  SyncSnapshotHeaderSchema,
  SyncSnapshotWireLineSchema,
  snapshotRowsOfColumns,
  CompactRestroomSchema,
  type CompactRestroom,
  type Comment,
  type Restroom,
  type SyncPage,
  type SyncSnapshotHeader,
  type SyncSnapshotWireLine,
} from '@allstall/shared';
import { Value } from 'typebox/value';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { deleteRestroom, insertComment, softDeleteComment, updateRestroom } from '../support/database-fixtures.js';
import { insertRestroom, pull } from '../support/fixtures.js';
import { decodedBody, useTestApp } from '../support/helpers.js';

/** A snapshot as a device reads it: its header, and the restrooms and comments it holds, by id. */
interface Snapshot {
  header: SyncSnapshotHeader;
  restrooms: Map<string, Restroom>;
  comments: Map<string, Comment>;
  lines: string[];
}

/** The public set as a device holds it after a full pull, or after a snapshot and the feed after it. */
interface Mirror {
  cursor: string;
  restrooms: Map<string, Restroom>;
  comments: Map<string, Comment>;
}

// Maximum age 0: every answer is at the feed's newest version, so each test sees the data it just wrote.
const testApp = useTestApp({ DEMO_DATA: '1', SNAPSHOT_MAX_AGE_SECONDS: '0' });
// The default minute: a snapshot stays served while it is young, even after the feed moved.
const patientApp = useTestApp({});
// Old after a millisecond: the previous snapshot is served while the next one builds.
const hastyApp = useTestApp({}, { snapshotMaxAgeMs: 1 });

/** Checks every line against its schema, as the device does, and reads the set out of them. */
function parseSnapshot(text: string): Snapshot {
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.slice(0, -1).split('\n');
  const [headerLine, ...rest] = lines;
  const header: unknown = JSON.parse(headerLine ?? '');
  expect(Value.Check(SyncSnapshotHeaderSchema, header)).toBe(true);
  const restrooms = new Map<string, Restroom>();
  const comments = new Map<string, Comment>();
  rest.forEach((line, index) => {
    const parsed: unknown = JSON.parse(line);
    expect(Value.Check(SyncSnapshotWireLineSchema, parsed), line.slice(0, 200)).toBe(true);
    const body = parsed as SyncSnapshotWireLine;
    // `{"end":true}` comes last and only last: without it the body was cut short.
    expect('end' in body, `line ${index + 2}`).toBe(index === rest.length - 1);
    if ('restroomColumns' in body) {
      for (const row of snapshotRowsOfColumns(body.restroomColumns) ?? []) {
        expect(Value.Check(CompactRestroomSchema, row), JSON.stringify(row)).toBe(true);
        const restroom = expandRestroom(row as CompactRestroom);
        restrooms.set(restroom.id, restroom);
      }
    }
    if ('comments' in body) for (const comment of body.comments) comments.set(comment.id, comment);
  });
  const parsedHeader = header as SyncSnapshotHeader;
  expect(restrooms.size).toBe(parsedHeader.restrooms);
  expect(comments.size).toBe(parsedHeader.comments);
  return { header: parsedHeader, restrooms, comments, lines };
}

async function fetchSnapshot(app: App, headers: Record<string, string> = { 'accept-encoding': 'br, gzip' }) {
  const response = await app.inject({ method: 'GET', url: '/api/sync/snapshot', headers });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return { response, snapshot: parseSnapshot(decodedBody(response)) };
}

/** Applies feed pages from `since` to a mirror until the feed says there is no more, as a device does. */
async function pullInto(app: App, mirror: Mirror): Promise<SyncPage[]> {
  const pages: SyncPage[] = [];
  for (;;) {
    const page = await pull(app, mirror.cursor);
    expect(page.reset).toBe(false);
    pages.push(page);
    for (const restroom of page.restrooms) mirror.restrooms.set(restroom.id, restroom);
    for (const comment of page.comments) mirror.comments.set(comment.id, comment);
    for (const id of page.deleted.restrooms) mirror.restrooms.delete(id);
    for (const id of page.deleted.comments) mirror.comments.delete(id);
    mirror.cursor = page.cursor;
    if (!page.more) return pages;
  }
}

/** What a fresh device holds after pulling the whole feed from the start. */
async function fullPull(app: App): Promise<Mirror> {
  const mirror: Mirror = { cursor: '', restrooms: new Map(), comments: new Map() };
  for (let cursor: string | undefined; ; ) {
    const page = await pull(app, cursor);
    for (const restroom of page.restrooms) mirror.restrooms.set(restroom.id, restroom);
    for (const comment of page.comments) mirror.comments.set(comment.id, comment);
    cursor = page.cursor;
    if (!page.more) return { ...mirror, cursor };
  }
}

function mirrorOf(snapshot: Snapshot): Mirror {
  return { cursor: snapshot.header.cursor, restrooms: new Map(snapshot.restrooms), comments: new Map(snapshot.comments) };
}

function sorted<T>(map: Map<string, T>): Array<[string, T]> {
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

async function adminId(app: App): Promise<string> {
  return (await app.db.selectFrom('users').select('id').where('is_admin', '=', 1).executeTakeFirstOrThrow()).id;
}

async function addComment(app: App, restroomId: string, content: string): Promise<string> {
  const id = uuidv7();
  await insertComment(app.db, { id, restroomId, userId: await adminId(app), content, insertedAtMs: Date.now() });
  return id;
}

async function visibleIds(app: App, count: number): Promise<string[]> {
  const rows = await app.db
    .selectFrom('restrooms')
    .select('id')
    .where('status', '=', 'approved')
    .where('is_removed', '=', 0)
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map((row) => row.id);
}

describe('GET /api/sync/snapshot', () => {
  it('holds exactly what a first pull of the feed brings, at the cursor that pull ends on', async () => {
    const { app } = testApp();
    const [withComments] = await visibleIds(app, 1);
    if (withComments === undefined) throw new Error('no visible restroom');
    const liveComment = await addComment(app, withComments, 'Clean, and the code is 1234.');
    const deletedComment = await addComment(app, withComments, 'Closed for repairs?');
    await softDeleteComment(app.db, deletedComment, Date.now());

    const { snapshot } = await fetchSnapshot(app);
    const fresh = await fullPull(app);
    expect(snapshot.header.cursor).toBe(fresh.cursor);
    expect(snapshot.header.cursor).toBe(String(await readMeta(app.db, 'seq')));
    // Compact rows expand to the very restrooms the feed sends, hours included.
    expect(sorted(snapshot.restrooms)).toEqual(sorted(fresh.restrooms));
    expect(sorted(snapshot.comments)).toEqual(sorted(fresh.comments));
    expect(snapshot.comments.has(liveComment)).toBe(true);
    expect(snapshot.restrooms.size).toBeGreaterThanOrEqual(606);
    expect([...snapshot.restrooms.values()].some((restroom) => restroom.hours !== null)).toBe(true);
    expect(snapshot.header).toMatchObject({ format: 1, restroomFormat: 4 });
    // Lines of at most 1,000 rows.
    expect(snapshot.lines.every((line) => line.length < 1_000 * 2_000)).toBe(true);
  });

  it('never holds a pending, rejected or removed restroom, a deleted comment, or a comment on a hidden restroom', async () => {
    const { app } = testApp();
    const pending = await insertRestroom(app.db, { name: 'Pending Cafe', status: 'pending' });
    const rejected = await insertRestroom(app.db, { name: 'Rejected Cafe', status: 'rejected' });
    const removed = await insertRestroom(app.db, { name: 'Removed Cafe', is_removed: 1 });
    const visible = await insertRestroom(app.db, { name: 'Visible Cafe' });
    const deletedComment = await addComment(app, visible, 'Soon gone.');
    await softDeleteComment(app.db, deletedComment, Date.now());
    const onRemoved = await addComment(app, removed, 'On a removed listing.');
    const onPending = await addComment(app, pending, 'On a pending listing.');
    const kept = await addComment(app, visible, 'Still here.');

    const { snapshot } = await fetchSnapshot(app);
    expect(snapshot.restrooms.has(visible)).toBe(true);
    for (const id of [pending, rejected, removed]) expect(snapshot.restrooms.has(id), id).toBe(false);
    expect(snapshot.comments.has(kept)).toBe(true);
    for (const id of [deletedComment, onRemoved, onPending]) expect(snapshot.comments.has(id), id).toBe(false);
    const hiddenDemoRows = await app.db.selectFrom('restrooms').select('id').where('is_removed', '=', 1).execute();
    expect(hiddenDemoRows.length).toBeGreaterThan(100);
    expect(hiddenDemoRows.some((row) => snapshot.restrooms.has(row.id))).toBe(false);
    expect([...snapshot.restrooms.values()].every((restroom) => restroom.status === 'approved' && !restroom.is_removed)).toBe(true);
  });

  it('then the feed from its cursor brings exactly the later changes: edits, new rows, hidden rows, deletions', async () => {
    const { app } = testApp();
    const [edited, toRemove, toDelete, toReject, commented] = await visibleIds(app, 5);
    if (edited === undefined || toRemove === undefined || toDelete === undefined || toReject === undefined || commented === undefined) {
      throw new Error('need five visible restrooms');
    }
    const toApprove = await insertRestroom(app.db, { name: 'Approved Later Cafe', status: 'pending' });
    const commentToDelete = await addComment(app, commented, 'Deleted after the snapshot.');
    const commentOnDeleted = await addComment(app, toDelete, 'Goes with its restroom.');
    const { snapshot } = await fetchSnapshot(app);
    expect(snapshot.comments.has(commentToDelete)).toBe(true);
    expect(snapshot.comments.has(commentOnDeleted)).toBe(true);

    const now = Date.now();
    await updateRestroom(app.db, edited, { name: 'Renamed After The Snapshot' }, now);
    const added = await insertRestroom(app.db, { name: 'New After The Snapshot' });
    await updateRestroom(app.db, toRemove, { is_removed: true }, now);
    await deleteRestroom(app.db, toDelete, now);
    await updateRestroom(app.db, toReject, { status: 'rejected' }, now);
    await updateRestroom(app.db, toApprove, { status: 'approved' }, now);
    await softDeleteComment(app.db, commentToDelete, now);
    const newComment = await addComment(app, commented, 'Written after the snapshot.');

    const mirror = mirrorOf(snapshot);
    const pages = await pullInto(app, mirror);
    const changed = pages.flatMap((page) => page.restrooms.map((restroom) => restroom.id));
    expect(new Set(changed)).toEqual(new Set([edited, added, toApprove]));
    expect(new Set(pages.flatMap((page) => page.deleted.restrooms))).toEqual(new Set([toRemove, toDelete, toReject]));
    expect(new Set(pages.flatMap((page) => page.comments.map((comment) => comment.id)))).toEqual(new Set([newComment]));
    expect(new Set(pages.flatMap((page) => page.deleted.comments))).toEqual(new Set([commentToDelete, commentOnDeleted]));
    expect(mirror.restrooms.get(edited)?.name).toBe('Renamed After The Snapshot');

    // Snapshot plus feed is what a device starting now would hold.
    const fresh = await fullPull(app);
    expect(mirror.cursor).toBe(fresh.cursor);
    expect(sorted(mirror.restrooms)).toEqual(sorted(fresh.restrooms));
    expect(sorted(mirror.comments)).toEqual(sorted(fresh.comments));
  });

  it('stays one version while writes land during its build', async () => {
    const { app } = testApp();
    const ids = await visibleIds(app, 12);
    await insertRestroom(app.db, { name: 'Moves the feed, so the next request builds' });
    const writes = ids.map((id, index) =>
      index % 3 === 0
        ? updateRestroom(app.db, id, { is_removed: true }, Date.now())
        : updateRestroom(app.db, id, { name: `Written during the build ${index}` }, Date.now()),
    );
    const [first] = await Promise.all([fetchSnapshot(app), ...writes]);
    const { snapshot } = await fetchSnapshot(app);
    for (const taken of [first.snapshot, snapshot]) {
      const mirror = mirrorOf(taken);
      await pullInto(app, mirror);
      const fresh = await fullPull(app);
      expect(sorted(mirror.restrooms)).toEqual(sorted(fresh.restrooms));
      expect(sorted(mirror.comments)).toEqual(sorted(fresh.comments));
    }
  });

  it('answers brotli, gzip or plain as Accept-Encoding allows, the same lines in each', async () => {
    const { app } = testApp();
    await fetchSnapshot(app);
    const cases: Array<[string | undefined, string | undefined]> = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['*', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ];
    const texts = new Set<string>();
    for (const [acceptEncoding, expected] of cases) {
      const { response, snapshot } = await fetchSnapshot(app, acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });
      expect(response.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(response.headers['content-type']).toBe('application/x-ndjson');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
      texts.add(snapshot.lines.join('\n'));
    }
    expect(texts.size).toBe(1);
    const [br, plain] = await Promise.all([fetchSnapshot(app, { 'accept-encoding': 'br' }), fetchSnapshot(app, {})]);
    expect(br.response.rawPayload.length * 3).toBeLessThan(plain.response.rawPayload.length);
  });

  it('has a strong ETag, and If-None-Match with it answers 304 without a body', async () => {
    const { app } = testApp();
    const { response } = await fetchSnapshot(app, { 'accept-encoding': 'gzip' });
    const etag = response.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    const version = parseSnapshot(decodedBody(response)).header.cursor;
    expect(etag).toContain(version);

    const brotli = await fetchSnapshot(app, { 'accept-encoding': 'br' });
    expect(brotli.response.headers.etag).not.toBe(etag);
    // The same content in any coding, and a tag a proxy weakened, still name this snapshot.
    for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${brotli.response.headers.etag}`, '*']) {
      const revalidated = await app.inject({
        method: 'GET',
        url: '/api/sync/snapshot',
        headers: { 'accept-encoding': 'gzip', 'if-none-match': String(ifNoneMatch) },
      });
      expect(revalidated.statusCode, String(ifNoneMatch)).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    }

    // Once the feed has moved, the old tag no longer matches (maximum age 0 here).
    await insertRestroom(app.db, { name: 'Moves the feed' });
    const moved = await app.inject({
      method: 'GET',
      url: '/api/sync/snapshot',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(etag) },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
  });

  it('is built once for requests that arrive together, and again only when the feed has moved', async () => {
    const { app } = testApp();
    await fetchSnapshot(app);
    const builds = app.syncSnapshots.builds;
    const [first, second] = await Promise.all([fetchSnapshot(app), fetchSnapshot(app)]);
    expect(second.response.rawPayload.equals(first.response.rawPayload)).toBe(true);
    expect(app.syncSnapshots.builds).toBe(builds);

    const added = await insertRestroom(app.db, { name: 'A new listing' });
    const rebuilt = (await fetchSnapshot(app)).snapshot;
    expect(rebuilt.header.cursor).toBe(String(await readMeta(app.db, 'seq')));
    expect(rebuilt.restrooms.has(added)).toBe(true);
    expect(app.syncSnapshots.builds).toBe(builds + 1);
  });

  it('once older than its maximum age, is still served while the next one builds', async () => {
    const { app } = hastyApp();
    const before = (await fetchSnapshot(app)).snapshot.header.cursor;
    const builds = app.syncSnapshots.builds;
    const added = await insertRestroom(app.db, { name: 'Added after the snapshot' });
    const seq = String(await readMeta(app.db, 'seq'));

    const served = (await fetchSnapshot(app)).snapshot;
    expect(served.header.cursor).toBe(before);
    expect(app.syncSnapshots.builds).toBe(builds + 1);
    await expect.poll(async () => (await fetchSnapshot(app)).snapshot.header.cursor).toBe(seq);
    expect((await fetchSnapshot(app)).snapshot.restrooms.has(added)).toBe(true);
    expect(app.syncSnapshots.builds).toBe(builds + 1);
  });

  it('shares one build between the first requests of a process', async () => {
    const { app } = patientApp();
    expect(app.syncSnapshots.builds).toBe(0);
    const [first, second, third] = await Promise.all([fetchSnapshot(app), fetchSnapshot(app), fetchSnapshot(app, {})]);
    expect(app.syncSnapshots.builds).toBe(1);
    expect(second.response.rawPayload.equals(first.response.rawPayload)).toBe(true);
    expect(third.snapshot.lines).toEqual(first.snapshot.lines);
  });

  it('keeps serving a young snapshot after the feed moved, but never one below the tombstone floor', async () => {
    const { app } = patientApp();
    const before = (await fetchSnapshot(app)).snapshot.header.cursor;
    const builds = app.syncSnapshots.builds;
    const added = await insertRestroom(app.db, { name: 'Added within the minute' });

    // Younger than a minute: the same snapshot, no build; the device's pull from its cursor brings the new row.
    const young = (await fetchSnapshot(app)).snapshot;
    expect(young.header.cursor).toBe(before);
    expect(young.restrooms.has(added)).toBe(false);
    expect(app.syncSnapshots.builds).toBe(builds);
    const mirror = mirrorOf(young);
    await pullInto(app, mirror);
    expect(mirror.restrooms.has(added)).toBe(true);

    // Deletions up to the floor were pruned: the feed would tell a device at `before` to start over.
    const seq = await readMeta(app.db, 'seq');
    await app.db.updateTable('meta').set({ value: seq }).where('key', '=', 'tombstone_floor').execute();
    try {
      expect((await pull(app, before)).reset).toBe(true);
      const rebuilt = (await fetchSnapshot(app)).snapshot;
      expect(Number(rebuilt.header.cursor)).toBeGreaterThanOrEqual(seq);
      expect(rebuilt.restrooms.has(added)).toBe(true);
      expect(app.syncSnapshots.builds).toBe(builds + 1);
      expect((await pull(app, rebuilt.header.cursor)).reset).toBe(false);
    } finally {
      await app.db.updateTable('meta').set({ value: 0 }).where('key', '=', 'tombstone_floor').execute();
    }
  });

  it('is answered whole to the next device after one hangs up halfway', async () => {
    const { app } = testApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const get = (headers: Record<string, string>, hangUp: 'at-once' | 'first-bytes' | 'never') =>
      new Promise<{ status: number; body: Buffer } | 'hung up'>((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port, path: '/api/sync/snapshot', headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            if (hangUp === 'first-bytes') {
              request.destroy();
              resolve('hung up');
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
          response.on('error', () => resolve('hung up'));
        });
        request.on('error', (error) => (hangUp === 'never' ? reject(error) : resolve('hung up')));
        request.end();
        if (hangUp === 'at-once') setImmediate(() => request.destroy());
      });

    // One device leaves while the snapshot is building, others halfway through each coding.
    await insertRestroom(app.db, { name: 'Moves the feed, so a build starts' });
    const builds = app.syncSnapshots.builds;
    expect(await get({ 'accept-encoding': 'br' }, 'at-once')).toBe('hung up');
    for (const acceptEncoding of ['identity', 'gzip', 'br']) {
      expect(await get({ 'accept-encoding': acceptEncoding }, 'first-bytes')).toBe('hung up');
    }
    const whole = await get({ 'accept-encoding': 'identity' }, 'never');
    if (whole === 'hung up') throw new Error('the last request hung up');
    expect(whole.status).toBe(200);
    const snapshot = parseSnapshot(whole.body.toString('utf8'));
    expect(snapshot.header.cursor).toBe(String(await readMeta(app.db, 'seq')));
    expect(snapshot.restrooms.size).toBeGreaterThanOrEqual(606);
    expect((await fetchSnapshot(app)).snapshot.lines).toEqual(snapshot.lines);
    // The hung-up requests did not spoil the build they started: nothing was built twice.
    expect(app.syncSnapshots.builds).toBe(builds + 1);
  });
});
