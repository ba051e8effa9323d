import { connect, createServer } from 'node:net';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { insertRestroom, signUp, write } from '../support/fixtures.js';
import { createTestApp } from '../support/helpers.js';
import { useBreakableStorage } from '../support/storage-failures.js';

/*
 * The numbers docs/operations.md#metrics names, scraped over HTTP from METRICS_PORT as Prometheus
 * would, after the requests that should move them.
 */

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Whether something accepts a connection on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function scrape(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one series in the exposition text (labels in the order they were declared), 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe('metrics on METRICS_PORT', () => {
  it('counts reads, writes, replays, refused writes, feed pages, snapshot builds and import progress, served apart from the app', async () => {
    const port = await freePort();
    const { app, close } = await createTestApp({ METRICS_PORT: String(port) }, { snapshotMaxAgeMs: 0 });
    try {
      expect(app.metricsAddress()?.port).toBe(port);
      const before = await scrape(port);
      const restroomId = await insertRestroom(app.db);
      const casey = await signUp(app, 'Casey');

      expect((await app.inject({ method: 'GET', url: `/api/bathrooms/${restroomId}` })).statusCode).toBe(200);
      const key = uuidv7();
      const feedback = { restroom_id: restroomId, upvote: 1, downvote: 0, comment: 'Warm water!' };
      expect((await write(app, '/api/feedback', { as: casey, payload: feedback, key })).statusCode).toBe(201);
      expect((await write(app, '/api/feedback', { as: casey, payload: feedback, key })).headers['idempotent-replayed']).toBe('true');
      const refused = await write(app, '/api/feedback', { as: casey, payload: { ...feedback, upvote: 'lots' }, key: uuidv7() });
      expect(refused.statusCode).toBe(400);
      const refusedCode = refused.json<{ code: string }>().code;
      expect((await app.inject({ method: 'GET', url: '/api/sync' })).statusCode).toBe(200);
      const snapshot = await app.inject({ method: 'GET', url: '/api/sync/snapshot', headers: { 'accept-encoding': 'br' } });
      expect(snapshot.statusCode).toBe(200);
      await app.db
        .insertInto('import_runs')
        .values({ id: uuidv7(), source: 'osm', status: 'running', plan_json: '{}', steps_done: 3, steps_total: 8, rows_read: 120, created_at: 1, updated_at: 1 })
        .execute();

      const after = await scrape(port);
      const moved = (series: string) => valueOf(after, series) - valueOf(before, series);
      const read = 'method="GET",route="/api/bathrooms/:id",status="200"';
      expect(moved(`allstall_http_requests_total{${read}}`)).toBe(1);
      expect(moved(`allstall_http_request_duration_seconds_count{${read}}`)).toBe(1);
      expect(moved(`allstall_http_request_duration_seconds_bucket{le="+Inf",${read}}`)).toBe(1);
      expect(moved('allstall_http_requests_total{method="POST",route="/api/feedback",status="201"}')).toBe(2);
      expect(moved('allstall_idempotent_replays_total{method="POST",route="/api/feedback"}')).toBe(1);
      expect(moved(`allstall_writes_refused_total{method="POST",route="/api/feedback",status="400",code="${refusedCode}"}`)).toBe(1);
      expect(moved('allstall_feed_pages_total')).toBe(1);
      expect(moved('allstall_feed_changes_total')).toBeGreaterThanOrEqual(2);
      expect(moved('allstall_snapshot_builds_total{cache="sync_snapshot",result="ok"}')).toBeGreaterThanOrEqual(1);
      expect(moved('allstall_snapshot_build_seconds_count{cache="sync_snapshot"}')).toBeGreaterThanOrEqual(1);
      // The worker thread's CPU is read from Linux's /proc/thread-self; a small build may round to 0 s, but it is counted.
      if (process.platform === 'linux') expect(after).toMatch(/^allstall_snapshot_build_cpu_seconds_total\{cache="sync_snapshot"\} [0-9.e-]+$/m);
      expect(valueOf(after, 'allstall_snapshot_bytes{encoding="br"}')).toBe(Number(snapshot.headers['content-length'] ?? snapshot.rawPayload.length));
      expect(valueOf(after, 'allstall_import_run_steps_done{source="osm"}')).toBe(3);
      expect(valueOf(after, 'allstall_import_run_steps_total{source="osm"}')).toBe(8);
      expect(valueOf(after, 'allstall_import_run_rows_read{source="osm"}')).toBe(120);
      expect(after).toMatch(/^allstall_nodejs_eventloop_lag_p99_seconds \d/m);
      expect(after).toMatch(/^# TYPE allstall_database_errors_total counter$/m);
      // The raw URL never becomes a label: one series per route, whatever the id.
      expect(after).not.toContain(restroomId);

      // The public port does not show them.
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await close();
    }
    expect(await listening(port)).toBe(false);
  });

  it('listens on no port when METRICS_PORT is unset', async () => {
    const servers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;
    const serversBefore = servers();
    const { app, close } = await createTestApp();
    try {
      expect(app.metricsAddress()).toBeNull();
      // The app is ready (inject needs no port): any server now open would be the metrics'.
      expect(servers()).toBe(serversBefore);
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await close();
    }
  });
});

describe('database errors', () => {
  const storage = useBreakableStorage();

  it('counts a write the database could not take as unavailable', async () => {
    const { testApp, fail, mend } = storage();
    const { app } = testApp;
    const unavailable = async () => (await app.metrics.databaseErrors.get()).values.find((value) => value.labels.kind === 'unavailable')?.value ?? 0;
    const casey = await signUp(app, 'Drew');
    const restroomId = await insertRestroom(app.db);
    const before = await unavailable();
    await fail('read-only database');
    try {
      const refused = await write(app, '/api/feedback', { as: casey, payload: { restroom_id: restroomId, upvote: 1, downvote: 0 }, key: uuidv7() });
      expect(refused.statusCode).toBe(503);
    } finally {
      await mend();
    }
    expect(await unavailable()).toBe(before + 1);
  });
});
