import { DEFAULT_REGION, type ApiError, type BoundingBox, type ImportRun, type ImportRunRowsPage } from '@allstall/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { RESTART_NOTE, SHUTDOWN_NOTE } from '../../src/imports/import-runner.js';
import { listing, REFUGE_LISTINGS, startBulkOverpass, startFakeRefuge, type BulkOverpass, type FakeRefuge, type RefugeListing } from '../fakes/index.js';
import { signInAdmin, signUp, write, type Person } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

/*
 * Import runs at national scale: 20,000 OpenStreetMap toilets loaded on the server tile by tile
 * (tiles too big for Overpass cut in four), stopped, resumed across a restart, with one restroom per
 * source id at the end; every page of Refuge at 100 a page, keeping what lies in the region.
 */

const CITY = DEFAULT_REGION.importBoxes[0] as BoundingBox;
const TOILETS = 20_000;
/** Generous ceilings for a loaded 2-core machine; the waits end as soon as the condition holds. */
const WAIT = { timeout: 90_000, interval: 50 };

const RUN_ENV = { IMPORT_REQUEST_INTERVAL_MS: '0', IMPORT_OSM_TILE_DEGREES: '0.05' };

async function readRun(app: App, admin: Person, id: string): Promise<ImportRun> {
  const response = await app.inject({ method: 'GET', url: `/api/admin/import-runs/${id}`, headers: { cookie: admin.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportRun>();
}

async function startRun(app: App, admin: Person, source: 'osm' | 'refuge'): Promise<ImportRun> {
  const response = await write(app, '/api/admin/import-runs', { as: admin, payload: { source } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ImportRun>();
}

async function command(app: App, admin: Person, id: string, verb: 'stop' | 'resume'): Promise<ImportRun> {
  const response = await write(app, `/api/admin/import-runs/${id}/${verb}`, { as: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportRun>();
}

async function untilFinished(app: App, admin: Person, id: string): Promise<ImportRun> {
  return vi.waitFor(async () => {
    const run = await readRun(app, admin, id);
    if (run.status === 'running') throw new Error(`still running: ${run.rows_read} read`);
    return run;
  }, WAIT);
}

const countsAddUp = (run: ImportRun) => run.rows_new + run.rows_changed + run.rows_unchanged + run.rows_refused + run.rows_outside;

describe('an OpenStreetMap run over 20,000 toilets', () => {
  let overpass: BulkOverpass;
  let first: TestApp;
  let app: App;
  let admin: Person;
  let restarted: App | undefined;

  beforeAll(async () => {
    // Full tiles hold about 2,250 toilets, more than this Overpass answers for: they are cut in four.
    overpass = await startBulkOverpass({ box: CITY, count: TOILETS, maxPerAnswer: 2000 });
    first = await createTestApp({ ...RUN_ENV, OVERPASS_URL: overpass.url });
    app = first.app;
    admin = await signInAdmin(app);
  });

  afterAll(async () => {
    overpass.release();
    await restarted?.close();
    await first.close();
    await overpass.stop();
  });

  it('is stopped part way, survives a restart, resumes and ends with exactly one restroom per element', { timeout: 300_000 }, async () => {
    overpass.holdAfter(5);
    const started = await startRun(app, admin, 'osm');
    expect(started).toMatchObject({ source: 'osm', status: 'running', steps_total: 12, started_by: 'admin' });

    // One run per source at a time.
    const second = await write(app, '/api/admin/import-runs', { as: admin, payload: { source: 'osm' } });
    expect(second.statusCode).toBe(409);
    expect(second.json<ApiError>().message).toMatch(/already running/);

    // Progress while it runs, then Stop while a tile is being fetched.
    await vi.waitFor(() => expect(overpass.heldCount()).toBe(1), WAIT);
    const progress = await readRun(app, admin, started.id);
    expect(progress.rows_read).toBeGreaterThan(0);
    expect(progress.rows_read).toBeLessThan(TOILETS);
    const stopped = await command(app, admin, started.id, 'stop');
    expect(stopped.status).toBe('stopped');
    overpass.release();
    const afterStop = await readRun(app, admin, started.id);
    expect(afterStop.status).toBe('stopped');
    expect(afterStop.rows_read).toBe(progress.rows_read);

    // Resume, then restart the server while a tile is being fetched.
    overpass.holdAfter(6);
    expect((await command(app, admin, started.id, 'resume')).status).toBe('running');
    await vi.waitFor(() => expect(overpass.heldCount()).toBeGreaterThan(0), WAIT);
    await app.close();
    restarted = buildApp({ config: first.config, announce: () => {} });
    await restarted.ready();
    app = restarted;
    const afterRestart = await readRun(app, admin, started.id);
    expect(afterRestart).toMatchObject({ status: 'stopped', note: SHUTDOWN_NOTE });
    expect(afterRestart.rows_read).toBeGreaterThan(progress.rows_read);
    expect(afterRestart.rows_read).toBeLessThan(TOILETS);
    overpass.release();

    expect((await command(app, admin, started.id, 'resume')).status).toBe('running');
    const done = await untilFinished(app, admin, started.id);
    expect(done).toMatchObject({
      status: 'done',
      rows_read: TOILETS,
      rows_new: TOILETS,
      rows_changed: 0,
      rows_unchanged: 0,
      rows_refused: 0,
      rows_outside: 0,
      error: null,
      note: null,
    });
    expect(countsAddUp(done)).toBe(done.rows_read);
    // Six full tiles were too big for Overpass and were fetched as quarters.
    expect(overpass.refusedCount()).toBeGreaterThanOrEqual(6);
    expect(done.steps_total).toBe(12 + 6 * 3);
    expect(done.steps_done).toBe(done.steps_total);

    const restrooms = await app.db.selectFrom('restrooms').select('source_id').where('source', '=', 'osm').execute();
    expect(restrooms).toHaveLength(TOILETS);
    expect(new Set(restrooms.map((row) => row.source_id))).toEqual(new Set(overpass.sourceIds));
    // Only what the tags state is known: every third has wheelchair=yes, no gender or access tags.
    const known = await app.db.selectFrom('restrooms').select(['unisex', 'accessible', 'is_single_stall', 'access']).where('source', '=', 'osm').execute();
    expect(new Set(known.map((row) => row.accessible))).toEqual(new Set([1, null]));
    expect(known.every((row) => row.unisex === null && row.is_single_stall === null && row.access === null)).toBe(true);
  });

  it('pages the rows it read, filtered by outcome', async () => {
    const { runs } = (await app.inject({ method: 'GET', url: '/api/admin/import-runs', headers: { cookie: admin.cookie } })).json<{ runs: ImportRun[] }>();
    const run = runs[0] as ImportRun;
    const page = await app.inject({ method: 'GET', url: `/api/admin/import-runs/${run.id}/rows?page=3&per_page=50`, headers: { cookie: admin.cookie } });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<ImportRunRowsPage>();
    expect(body).toMatchObject({ page: 3, per_page: 50, total: TOILETS });
    expect(body.rows.map((row) => row.seq)).toEqual(Array.from({ length: 50 }, (_, index) => 101 + index));
    expect(body.rows.every((row) => row.outcome === 'new' && row.restroom_id !== null && row.name.startsWith('Public toilet'))).toBe(true);
    const refused = await app.inject({ method: 'GET', url: `/api/admin/import-runs/${run.id}/rows?outcome=refused`, headers: { cookie: admin.cookie } });
    expect(refused.json<ImportRunRowsPage>()).toMatchObject({ total: 0, rows: [] });
  });

  it('changes nothing when the same area is run again', { timeout: 300_000 }, async () => {
    const again = await untilFinished(app, admin, (await startRun(app, admin, 'osm')).id);
    expect(again).toMatchObject({ status: 'done', rows_read: TOILETS, rows_new: 0, rows_changed: 0, rows_unchanged: TOILETS });
    const count = await app.db.selectFrom('restrooms').select((eb) => eb.fn.countAll().as('n')).where('source', '=', 'osm').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(TOILETS);
  });

  it('stops, on start, a run whose server died mid-way, for an admin to resume', async () => {
    const { runs } = (await app.inject({ method: 'GET', url: '/api/admin/import-runs', headers: { cookie: admin.cookie } })).json<{ runs: ImportRun[] }>();
    const run = runs[0] as ImportRun;
    // As a crashed server leaves it: running, its lease long run out.
    await app.db.updateTable('import_runs').set({ status: 'running', runner_id: 'a-server-that-died', lease_until: 1 }).where('id', '=', run.id).execute();
    expect(await readRun(app, admin, run.id)).toMatchObject({ status: 'stopped', note: RESTART_NOTE });
    await app.close();
    restarted = buildApp({ config: first.config, announce: () => {} });
    await restarted.ready();
    app = restarted;
    const row = await app.db.selectFrom('import_runs').select(['status', 'note']).where('id', '=', run.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'stopped', note: RESTART_NOTE });
    expect((await untilFinished(app, admin, (await command(app, admin, run.id, 'resume')).id)).status).toBe('done');
  });

  it('goes on to the end when resumed the moment it is stopped', { timeout: 300_000 }, async () => {
    overpass.holdAfter(2);
    const run = await startRun(app, admin, 'osm');
    await vi.waitFor(() => expect(overpass.heldCount()).toBeGreaterThan(0), WAIT);
    await command(app, admin, run.id, 'stop');
    await command(app, admin, run.id, 'resume');
    overpass.release();
    const done = await untilFinished(app, admin, run.id);
    expect(done).toMatchObject({ status: 'done', rows_read: TOILETS, rows_unchanged: TOILETS });
    expect(done.steps_done).toBe(done.steps_total);
  });
});

describe('an OpenStreetMap run that Overpass times out on', () => {
  let overpass: BulkOverpass;
  let testApp: TestApp;
  let admin: Person;

  beforeAll(async () => {
    overpass = await startBulkOverpass({ box: CITY, count: 500 });
    testApp = await createTestApp({ ...RUN_ENV, OVERPASS_URL: overpass.url });
    admin = await signInAdmin(testApp.app);
  });

  afterAll(async () => {
    await testApp.close();
    await overpass.stop();
  });

  it('cuts a tile Overpass answers 504 for into quarters, fails once they are too small to cut, and finishes when resumed', { timeout: 120_000 }, async () => {
    overpass.respondWith({ error: 'Gateway Timeout' }, 504);
    const failed = await untilFinished(testApp.app, admin, (await startRun(testApp.app, admin, 'osm')).id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/OpenStreetMap could not answer for the area .*504/);
    // 0.05° → 0.025° → 0.0125°, which is not cut again.
    const boxes = overpass.queries().map((query) => /\(([^)]*)\);/.exec(query)?.[1]);
    expect(boxes).toHaveLength(3);
    expect(failed.steps_total).toBe(12 + 3 + 3);

    overpass.recover();
    const done = await untilFinished(testApp.app, admin, (await command(testApp.app, admin, failed.id, 'resume')).id);
    expect(done).toMatchObject({ status: 'done', error: null, rows_read: 500, rows_new: 500 });
  });
});

describe('a Refuge run', () => {
  let refuge: FakeRefuge;
  let testApp: TestApp;
  let admin: Person;

  /** Listings around the country: in the city, in Chicago, and some Refuge never placed. */
  function country(): RefugeListing[] {
    const listings: RefugeListing[] = [...REFUGE_LISTINGS];
    for (let index = 0; index < 250; index += 1) {
      const editId = 70_000 + index;
      const created_at = new Date(Date.UTC(2024, 0, 1) + index * 86_400_000).toISOString();
      const where =
        index % 10 < 6
          ? { latitude: 44.95 + (index % 50) * 0.001, longitude: -93.25 - (index % 40) * 0.001, city: 'Minneapolis' }
          : index % 10 < 9
            ? { latitude: 41.88 + (index % 30) * 0.001, longitude: -87.63, city: 'Chicago', state: 'IL' }
            : { latitude: null, longitude: null };
      listings.push(listing(editId, { name: `Listing ${editId}`, street: `${index} Main St`, created_at, updated_at: created_at, ...where }));
    }
    return listings;
  }

  beforeAll(async () => {
    refuge = await startFakeRefuge(country());
    testApp = await createTestApp({ ...RUN_ENV, REFUGE_API_URL: refuge.url });
    admin = await signInAdmin(testApp.app);
  });

  afterAll(async () => {
    await testApp.close();
    await refuge.stop();
  });

  it('reads every page at 100 a page and keeps only the listings inside the region', { timeout: 120_000 }, async () => {
    const run = await untilFinished(testApp.app, admin, (await startRun(testApp.app, admin, 'refuge')).id);
    const pages = refuge.requestsTo('/').map((request) => [request.query.get('page'), request.query.get('per_page')]);
    expect(pages).toEqual([
      ['1', '100'],
      ['2', '100'],
      ['3', '100'],
    ]);
    const all = country();
    const placed = all.filter((item) => item.latitude !== null && item.longitude !== null);
    const inside = placed.filter((item) => item.latitude! >= CITY.south && item.latitude! <= CITY.north && item.longitude! >= CITY.west && item.longitude! <= CITY.east);
    expect(run).toMatchObject({
      status: 'done',
      steps_done: 3,
      steps_total: 3,
      rows_read: all.length,
      rows_new: inside.length,
      rows_refused: all.length - placed.length,
      rows_outside: placed.length - inside.length,
    });
    expect(countsAddUp(run)).toBe(run.rows_read);
    const imported = await testApp.app.db.selectFrom('restrooms').select('source_id').where('source', '=', 'refuge').execute();
    expect(imported.map((row) => row.source_id).sort()).toEqual(inside.map((item) => String(item.edit_id)).sort());

    const refused = await testApp.app.inject({ method: 'GET', url: `/api/admin/import-runs/${run.id}/rows?outcome=refused`, headers: { cookie: admin.cookie } });
    const body = refused.json<ImportRunRowsPage>();
    expect(body.total).toBe(all.length - placed.length);
    expect(body.rows[0]?.reason).toMatch(/no position/);
  });
});

describe('who may use import runs', () => {
  let testApp: TestApp;
  let admin: Person;
  let user: Person;
  let runId: string;

  beforeAll(async () => {
    const refuge = await startFakeRefuge([]);
    testApp = await createTestApp({ ...RUN_ENV, REFUGE_API_URL: refuge.url });
    admin = await signInAdmin(testApp.app);
    user = await signUp(testApp.app, 'someone');
    runId = (await untilFinished(testApp.app, admin, (await startRun(testApp.app, admin, 'refuge')).id)).id;
    await refuge.stop();
  });

  afterAll(async () => {
    await testApp.close();
  });

  const routes = () =>
    [
      ['POST', '/api/admin/import-runs', { source: 'refuge' }],
      ['GET', '/api/admin/import-runs'],
      ['GET', `/api/admin/import-runs/${runId}`],
      ['POST', `/api/admin/import-runs/${runId}/stop`],
      ['POST', `/api/admin/import-runs/${runId}/resume`],
      ['GET', `/api/admin/import-runs/${runId}/rows`],
    ] as const;

  it('refuses guests (401) and people who are not admins (403) on every route', async () => {
    for (const [method, url, payload] of routes()) {
      for (const [as, status] of [
        [undefined, 401],
        [user, 403],
      ] as const) {
        const response =
          method === 'GET'
            ? await testApp.app.inject({ method, url, headers: as === undefined ? {} : { cookie: as.cookie } })
            : await write(testApp.app, url, { as, payload });
        expect(response.statusCode, `${method} ${url}`).toBe(status);
      }
    }
  });

  it('answers an admin on every route', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/import-runs', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/admin/import-runs/${runId}/rows`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    // A finished run is neither running nor stopped.
    expect((await write(testApp.app, `/api/admin/import-runs/${runId}/stop`, { as: admin })).statusCode).toBe(409);
    expect((await write(testApp.app, `/api/admin/import-runs/${runId}/resume`, { as: admin })).statusCode).toBe(409);
  });

  it.each([
    ['an unknown source', 'POST', '/api/admin/import-runs', { source: 'wikipedia' }, 'source'],
    ['no source', 'POST', '/api/admin/import-runs', {}, 'source'],
    ['a run id that is not one', 'GET', '/api/admin/import-runs/not-a-run', undefined, 'id'],
    ['too many rows a page', 'GET', 'ROWS?per_page=500', undefined, 'per_page'],
    ['page 0', 'GET', 'ROWS?page=0', undefined, 'page'],
    ['an unknown outcome', 'GET', 'ROWS?outcome=lost', undefined, 'outcome'],
  ] as const)('refuses %s with a 400 naming the field', async (_what, method, path, payload, field) => {
    const url = path.replace('ROWS', `/api/admin/import-runs/${runId}/rows`);
    const response =
      method === 'GET' ? await testApp.app.inject({ method, url, headers: { cookie: admin.cookie } }) : await write(testApp.app, url, { as: admin, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ApiError>()).toMatchObject({ statusCode: 400, field });
  });

  it('answers 404 for a run that does not exist', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/import-runs/01890000-0000-7000-8000-000000000000', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(404);
  });
});
