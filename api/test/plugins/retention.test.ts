import {
  ConfirmationResultSchema,
  ContactItemSchema,
  ContactReceiptSchema,
  FeedbackResultSchema,
  FlagDecisionResultSchema,
  FlagReceiptSchema,
  NewRestroomReceiptSchema,
} from '@allstall/shared';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { v4 as uuidv4, v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import type { Database } from '../../src/db/schema.js';
import { keyMayBeForgotten, KEY_CLOCK_SKEW_MS } from '../../src/http/idempotency.js';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { flagBody, insertRestroom, newRestroomBody, pull, signInAdmin, signUp, signUpPassword, write, type Person } from '../support/fixtures.js';
import { createTestApp, WRITE_HEADERS, type TestApp } from '../support/helpers.js';

/*
 * Retention (docs/operations.md#retention), on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 * Time moves by handing the sweep a clock from the future; the writes themselves happen now.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A clock `days` from now. */
const inDays = (days: number) => () => Date.now() + days * DAY_MS;

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((testApp) => testApp.close()));
});

async function openApp(env: Record<string, string> = {}): Promise<TestApp> {
  const testApp = await createTestApp(env);
  opened.push(testApp);
  return testApp;
}

/** Logs an account from `signUp` in again, as a person does on their device once their session ran out. */
async function logIn(app: App, username: string): Promise<Person> {
  const response = await app.inject({ method: 'POST', url: '/api/user/login', headers: WRITE_HEADERS, payload: { username, password: signUpPassword(username) } });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'allstall_sid');
  return { id: response.json<{ id: string }>().id, cookie: `allstall_sid=${cookie?.value ?? ''}` };
}

type CountedTable = 'applied_writes' | 'sessions' | 'auth_failures' | 'import_run_rows' | 'import_runs' | 'tombstones' | 'comments' | 'votes' | 'restrooms' | 'flags' | 'contact' | 'confirmations';

async function count(app: App, table: CountedTable): Promise<number> {
  const row = await app.db
    .selectFrom(table as keyof Database)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function storedAnswers(app: App): Promise<number> {
  const row = await app.db
    .selectFrom('applied_writes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('summary', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One write as the device sends it, again under the same key later. */
interface Sent {
  name: string;
  url: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  payload?: object;
  key: string;
  as: 'person' | 'admin';
  status: number;
  schema: TSchema | null;
  /** What the minimal answer keeps (checked after the answer window). */
  keeps?: (first: Record<string, unknown>, late: Record<string, unknown>) => void;
  /** The tables the write added to or changed, whose counts must not move on a replay. */
  tables: CountedTable[];
}

describe('retention: writes made long ago', () => {
  it('replays each kind of write the device sends once, after the answer window, with a minimal answer of the same status its schema accepts', async () => {
    const { app } = await openApp();
    let casey = await signUp(app, 'Casey');
    let admin = await signInAdmin(app);
    const restroomId = await insertRestroom(app.db);
    const doomedId = await insertRestroom(app.db, { name: 'Closing Soon' });
    const commentKey = uuidv7();
    // A comment to delete, and a flag and a message for the admin to decide on.
    expect((await write(app, '/api/feedback', { as: casey, key: commentKey, payload: { restroom_id: doomedId, upvote: 1, downvote: 0, comment: 'Soon gone.' } })).statusCode).toBe(201);
    const flagKey = uuidv7();
    const contactKey = uuidv7();

    const sent: Sent[] = [
      {
        name: 'feedback',
        url: '/api/feedback',
        method: 'POST',
        payload: { restroom_id: restroomId, upvote: 1, downvote: 0, comment: 'Warm water! '.repeat(40) },
        key: uuidv7(),
        as: 'person',
        status: 201,
        schema: FeedbackResultSchema,
        keeps: (first, late) => {
          expect(late.version).toBe(first.version);
          expect(late.restroom).toEqual(first.restroom);
          expect(late.comment).toBeNull();
        },
        tables: ['comments', 'votes'],
      },
      { name: 'flag', url: '/api/flags', method: 'POST', payload: flagBody(restroomId), key: flagKey, as: 'person', status: 201, schema: FlagReceiptSchema, tables: ['flags'] },
      { name: 'contact', url: '/api/contact', method: 'POST', payload: { details: 'Love the app. '.repeat(50) }, key: contactKey, as: 'person', status: 201, schema: ContactReceiptSchema, tables: ['contact'] },
      { name: 'confirmation', url: '/api/confirmations', method: 'POST', payload: { restroom_id: restroomId }, key: uuidv7(), as: 'person', status: 200, schema: ConfirmationResultSchema, tables: ['confirmations'] },
      { name: 'comment delete', url: `/api/comments/${commentKey}`, method: 'DELETE', key: uuidv7(), as: 'person', status: 204, schema: null, tables: ['comments'] },
      { name: 'new restroom', url: '/api/bathrooms', method: 'POST', key: uuidv7(), as: 'person', status: 201, schema: NewRestroomReceiptSchema, tables: ['restrooms'] },
      {
        name: 'flag decision',
        url: `/api/flags/${flagKey}`,
        method: 'PATCH',
        payload: { status: 'rejected' },
        key: uuidv7(),
        as: 'admin',
        status: 200,
        schema: FlagDecisionResultSchema,
        tables: ['flags'],
      },
      {
        name: 'message resolved',
        url: `/api/contact/${contactKey}`,
        method: 'PATCH',
        payload: { resolved: true },
        key: uuidv7(),
        as: 'admin',
        status: 200,
        schema: ContactItemSchema,
        keeps: (first, late) => {
          expect(late).toMatchObject({ id: first.id, resolved: true, resolved_by: first.resolved_by, resolved_at: first.resolved_at });
          expect(late.details).toBe('');
        },
        tables: ['contact'],
      },
      { name: 'restroom delete', url: `/api/bathrooms/${doomedId}`, method: 'DELETE', key: uuidv7(), as: 'admin', status: 204, schema: null, tables: ['restrooms', 'tombstones'] },
    ];
    const newRestroom = sent.find((s) => s.name === 'new restroom');
    if (newRestroom) newRestroom.payload = { ...newRestroomBody(), bathroomToAdd: { ...newRestroomBody().bathroomToAdd, id: newRestroom.key } };

    const firstAnswers = new Map<string, { body: string; statusCode: number }>();
    for (const s of sent) {
      const response = await write(app, s.url, { method: s.method, payload: s.payload, key: s.key, as: s.as === 'admin' ? admin : casey });
      expect(response.statusCode, `${s.name}: ${response.body}`).toBe(s.status);
      firstAnswers.set(s.name, { body: response.body, statusCode: response.statusCode });
    }
    const before = Object.fromEntries(await Promise.all(sent.flatMap((s) => s.tables).map(async (t) => [t, await count(app, t)] as const)));
    const keysBefore = await count(app, 'applied_writes');
    // The bulky answers (feedback with its comment, the resolved message) kept a minimal one beside them.
    expect(await storedAnswers(app)).toBeGreaterThanOrEqual(2);

    const swept = await app.sweepRetention(inDays(31));
    expect(swept.swept && swept.deleted.applied_write_answers).toBeGreaterThanOrEqual(2);
    expect(await storedAnswers(app)).toBe(0);
    // The proof of every key is still there.
    expect(await count(app, 'applied_writes')).toBe(keysBefore);

    // Their sessions ran out meanwhile; the device sends its writes once they are logged in again.
    casey = await logIn(app, 'Casey');
    admin = await signInAdmin(app);
    for (const s of sent) {
      const late = await write(app, s.url, { method: s.method, payload: s.payload, key: s.key, as: s.as === 'admin' ? admin : casey });
      expect(late.statusCode, `${s.name}: ${late.body}`).toBe(s.status);
      expect(late.headers['idempotent-replayed'], s.name).toBe('true');
      if (s.schema === null) {
        expect(late.body, s.name).toBe('');
        continue;
      }
      const body: unknown = late.json();
      expect(Value.Check(s.schema, body), `${s.name}: ${late.body}`).toBe(true);
      const first = JSON.parse(firstAnswers.get(s.name)?.body ?? 'null') as Record<string, unknown>;
      if (s.keeps) s.keeps(first, body as Record<string, unknown>);
      else expect(body, s.name).toEqual(first);
    }
    const after = Object.fromEntries(await Promise.all(sent.flatMap((s) => s.tables).map(async (t) => [t, await count(app, t)] as const)));
    expect(after).toEqual(before);
    expect(await count(app, 'applied_writes')).toBe(keysBefore);
  });

  it('refuses a write whose key it no longer has proof of with 409 idempotency.keyExpired, applying nothing a second time', async () => {
    const { app } = await openApp();
    let casey = await signUp(app, 'Casey');
    const restroomId = await insertRestroom(app.db);
    const key = uuidv7();
    const payload = { restroom_id: restroomId, upvote: 0, downvote: 1, comment: 'No soap.' };
    expect((await write(app, '/api/feedback', { as: casey, key, payload })).statusCode).toBe(201);
    const createKey = uuidv7();
    const newRestroom = { ...newRestroomBody(), bathroomToAdd: { ...newRestroomBody().bathroomToAdd, id: createKey } };
    expect((await write(app, '/api/bathrooms', { as: casey, key: createKey, payload: newRestroom })).statusCode).toBe(201);
    const comments = await count(app, 'comments');
    const restrooms = await count(app, 'restrooms');
    expect(await readMeta(app.db, 'write_key_floor')).toBe(0);

    const swept = await app.sweepRetention(inDays(401));
    expect(swept.swept && swept.deleted.applied_write_keys).toBe(2);
    expect(await count(app, 'applied_writes')).toBe(0);
    const floor = await readMeta(app.db, 'write_key_floor');
    expect(floor).toBeGreaterThan(0);
    expect(floor).toBeLessThanOrEqual(Date.now());

    casey = await logIn(app, 'Casey');
    for (const [url, body, k] of [['/api/feedback', payload, key], ['/api/bathrooms', newRestroom, createKey]] as const) {
      const late = await write(app, url, { as: casey, key: k, payload: body });
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json()).toMatchObject({ code: 'idempotency.keyExpired', field: 'Idempotency-Key' });
    }
    expect(await count(app, 'comments')).toBe(comments);
    expect(await count(app, 'restrooms')).toBe(restrooms);
    // The refusal claimed nothing: no new proof under the old key.
    expect(await count(app, 'applied_writes')).toBe(0);

    // A key with no time in it cannot be proven unused either, once any key was forgotten.
    const undated = await write(app, '/api/feedback', { as: casey, key: uuidv4(), payload: { ...payload, comment: 'Undated.' } });
    expect(undated.statusCode).toBe(409);
    expect(undated.json()).toMatchObject({ code: 'idempotency.keyExpired' });
    // A write made on that later day (its key's time is the moved clock's) goes through as ever.
    expect((await write(app, '/api/feedback', { as: casey, key: uuidv7({ msecs: inDays(401)() }), payload: { ...payload, comment: 'Made today.' } })).statusCode).toBe(201);
  });

  it('reads a UUIDv7 key’s time and refuses keys up to the clock-skew margin past the floor', () => {
    const floor = Date.UTC(2026, 0, 1);
    const keyAt = (ms: number) => uuidv7({ msecs: ms });
    expect(keyMayBeForgotten(keyAt(floor), 0)).toBe(false);
    expect(keyMayBeForgotten(uuidv4(), 0)).toBe(false);
    expect(keyMayBeForgotten(keyAt(floor), floor)).toBe(true);
    expect(keyMayBeForgotten(keyAt(floor + KEY_CLOCK_SKEW_MS), floor)).toBe(true);
    expect(keyMayBeForgotten(keyAt(floor + KEY_CLOCK_SKEW_MS + 1), floor)).toBe(false);
    expect(keyMayBeForgotten(uuidv4(), floor)).toBe(true);
  });
});

/** Old rows of every swept kind, straight into the database, as a year of use would leave them. */
async function ageTables(app: App): Promise<{ oldRunId: string; freshRunId: string }> {
  const now = Date.now();
  await app.db
    .insertInto('sessions')
    .values([
      { id: 'expired-1', data: '{}', expires_at: now - DAY_MS },
      { id: 'expired-2', data: '{}', expires_at: now - 2 * DAY_MS },
      { id: 'live-1', data: '{}', expires_at: now + 400 * DAY_MS },
    ])
    .execute();
  await app.db
    .insertInto('auth_failures')
    .values([
      { scope: 'login:ip', key: '203.0.113.1', failed_at: now - 3 * DAY_MS },
      { scope: 'login:username', key: 'casey', failed_at: now - 3 * DAY_MS - 1 },
      { scope: 'login:ip', key: '203.0.113.2', failed_at: now },
    ])
    .execute();
  const oldRunId = uuidv7();
  const freshRunId = uuidv7();
  const run = { source: 'osm' as const, plan_json: '{}', created_at: now, updated_at: now };
  await app.db
    .insertInto('import_runs')
    .values([
      { ...run, id: oldRunId, status: 'done', finished_at: now - 100 * DAY_MS },
      { ...run, id: freshRunId, status: 'done', finished_at: now - DAY_MS },
    ])
    .execute();
  const rows = (runId: string) =>
    Array.from({ length: 7 }, (_, seq) => ({ run_id: runId, seq, source_id: `node/${seq}`, outcome: 'new' as const, restroom_id: null, name: `Toilet ${seq}`, city: 'Minneapolis', reason: null }));
  await app.db.insertInto('import_run_rows').values([...rows(oldRunId), ...rows(freshRunId)]).execute();
  return { oldRunId, freshRunId };
}

describe('retention: the tables shrink', () => {
  it('sweeps expired sessions, old login failures, finished runs’ rows and old tombstones, raising the tombstone floor so an older cursor starts over', async () => {
    const { app } = await openApp({ TOMBSTONE_RETENTION_DAYS: '10' });
    const admin = await signInAdmin(app);
    const cursorBefore = (await pull(app)).cursor;
    const gone = [await insertRestroom(app.db, { name: 'Gone One' }), await insertRestroom(app.db, { name: 'Gone Two' })];
    for (const id of gone) expect((await write(app, `/api/bathrooms/${id}`, { method: 'DELETE', as: admin, key: uuidv7() })).statusCode).toBe(204);
    const cursorAfterDeletes = (await pull(app, cursorBefore)).cursor;
    const { oldRunId, freshRunId } = await ageTables(app);

    const before = {
      sessions: await count(app, 'sessions'),
      auth_failures: await count(app, 'auth_failures'),
      import_run_rows: await count(app, 'import_run_rows'),
      import_runs: await count(app, 'import_runs'),
      tombstones: await count(app, 'tombstones'),
    };
    expect(before.tombstones).toBe(2);
    expect(await readMeta(app.db, 'tombstone_floor')).toBe(0);

    // 11 days on: the tombstones are older than their 10 days, every login failure is past its
    // rate limit's window; the admin's session (30 days) still holds.
    const swept = await app.sweepRetention(inDays(11));
    expect(swept).toMatchObject({ swept: true, complete: true, deleted: { sessions: 2, auth_failures: 3, import_run_rows: 7, tombstones: 2 } });
    expect({
      sessions: await count(app, 'sessions'),
      auth_failures: await count(app, 'auth_failures'),
      import_run_rows: await count(app, 'import_run_rows'),
      import_runs: await count(app, 'import_runs'),
      tombstones: await count(app, 'tombstones'),
    }).toEqual({ ...before, sessions: before.sessions - 2, auth_failures: 0, import_run_rows: before.import_run_rows - 7, tombstones: 0 });
    // The run's summary stays; only its per-listing rows go, and only for the run finished long ago.
    const left = await app.db.selectFrom('import_run_rows').select('run_id').distinct().execute();
    expect(left.map((row) => row.run_id)).toEqual([freshRunId]);
    expect(await app.db.selectFrom('import_runs').select('id').where('id', '=', oldRunId).executeTakeFirst()).toBeDefined();

    const floor = await readMeta(app.db, 'tombstone_floor');
    expect(floor).toBeGreaterThan(Number(cursorBefore));
    // A device that pulled before the deletions may have missed them: told to start over.
    const stale = await pull(app, cursorBefore);
    expect(stale.reset).toBe(true);
    // One that already saw them goes on.
    const current = await pull(app, cursorAfterDeletes);
    expect(current.reset).toBe(false);

    // Counted in the metrics, by table.
    const counted = await app.metrics.registry.getSingleMetricAsString('allstall_retention_deleted_total');
    expect(counted).toContain('allstall_retention_deleted_total{table="sessions"} 2');
    expect(counted).toContain('allstall_retention_deleted_total{table="tombstones"} 2');
    expect(counted).toContain('allstall_retention_deleted_total{table="import_run_rows"} 7');

    // A second sweep finds nothing left.
    const again = await app.sweepRetention(inDays(11));
    expect(again.swept && Object.values(again.deleted).every((n) => n === 0)).toBe(true);
  });

  it('lets two instances on one database sweep at once: each row is deleted once and neither fails', async () => {
    const first = await openApp();
    // A second app on the same database (the same SQLite file, or the same PostgreSQL schema).
    const second = buildApp({ config: first.config, announce: () => undefined });
    await second.ready();
    try {
      await ageTables(first.app);
      const casey = await signUp(first.app, 'Casey');
      const restroomId = await insertRestroom(first.app.db);
      for (let i = 0; i < 5; i += 1) {
        expect((await write(first.app, '/api/feedback', { as: casey, key: uuidv7(), payload: { restroom_id: restroomId, upvote: 1, downvote: 0, comment: `Visit ${i}` } })).statusCode).toBe(201);
      }
      const keys = await count(first.app, 'applied_writes');
      const sessions = await count(first.app, 'sessions');

      const clock = inDays(401);
      const results = await Promise.all([first.app.sweepRetention(clock), second.sweepRetention(clock), first.app.sweepRetention(clock), second.sweepRetention(clock)]);
      const total = (table: 'applied_write_keys' | 'sessions' | 'import_run_rows' | 'auth_failures') =>
        results.reduce((sum, result) => sum + (result.swept ? result.deleted[table] : 0), 0);
      expect(results.some((result) => result.swept)).toBe(true);
      expect(total('applied_write_keys')).toBe(keys);
      // Every session is expired 401 days on, the registered one too.
      expect(total('sessions')).toBe(sessions);
      expect(total('import_run_rows')).toBe(14);
      expect(total('auth_failures')).toBe(3);
      expect(await count(first.app, 'applied_writes')).toBe(0);
      expect(await count(first.app, 'sessions')).toBe(0);
      // The lease was given back: the next sweep, on either, runs.
      expect(await second.sweepRetention(clock)).toMatchObject({ swept: true });
    } finally {
      await second.close();
    }
  });

  it('sweeps on its own shortly after start when RETENTION_SWEEP_MINUTES is set, and closes without waiting for the next', async () => {
    const { config } = await openApp();
    const scheduled = buildApp({
      config: { ...config, retention: { ...config.retention, sweepIntervalMs: 60 * 60 * 1000 } },
      announce: () => undefined,
      retentionFirstSweepMs: 0,
    });
    await scheduled.ready();
    try {
      const sweeps = async () => (await scheduled.metrics.retentionSweeps.get()).values.reduce((sum, value) => sum + value.value, 0);
      await vi.waitFor(async () => expect(await sweeps()).toBeGreaterThan(0), { timeout: 30_000, interval: 20 });
      expect(await scheduled.metrics.retentionSweeps.get()).toMatchObject({ values: [{ labels: { result: 'done' }, value: 1 }] });
    } finally {
      // The next sweep is an hour away; its timer neither holds the close up nor fires after it.
      await scheduled.close();
    }
  });

  it('skips a sweep while another instance holds a live lease, and takes over once it runs out', async () => {
    const { app } = await openApp();
    const now = Date.now();
    // An instance that died mid-sweep left its lease, good for five minutes.
    await app.db.updateTable('meta').set({ value: now + 5 * 60 * 1000 }).where('key', '=', 'retention_lease').execute();
    expect(await app.sweepRetention(() => now)).toEqual({ swept: false });
    expect(await app.sweepRetention(() => now + 6 * 60 * 1000)).toMatchObject({ swept: true, complete: true });
  });
});
