import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliBodyNow, gzipBodyNow } from '../../api/src/compression/compressed-body.js';
import { freeLoopbackPort } from '../../api/test/reliability/api-process.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, withServerDatabase, type AppServer } from '../e2e/support/app-server.js';
import { startBenchServer } from './support/bench-server.js';

/*
 * Issue 30: what the first-sync snapshot costs an instance at a country's size. The production
 * server (api/dist, default snapshot policy) on `restrooms` synthetic listings, its metrics port open:
 * the first build's wall time, its worker's CPU and the event loop's longest delay meanwhile; then a
 * minute of writes through the real api, one every WRITE_EVERY_MS, each followed by a new device
 * asking for the snapshot (so every chance to rebuild is taken), and the CPU the snapshot builds took
 * in that minute as a share of one core.
 */

/** The budget: CPU on snapshot builds, per instance, as % of one core. */
export const SNAPSHOT_CPU_BUDGET_PERCENT = 10;
const WRITE_EVERY_MS = 3_000;
const WRITE_MINUTE_MS = 60_000;
const WRITE_HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'allstall' };
/** The api's defaults, which the server runs with (README's configuration table). */
const DEFAULT_MAX_AGE_S = 3_600;
/** The policy before issue 30: rebuilt once a minute old whenever the feed had moved. */
const FORMER_MAX_AGE_S = 60;

export interface SnapshotRebuildFigures {
  /** The first build, as its metric measured it (start of the worker to its answer), in seconds. */
  buildWallS: number;
  /** CPU of the worker thread for that build (Linux), in seconds. */
  buildCpuS: number;
  /** The event loop's longest delay while that build ran, in ms. */
  eventLoopMaxDelayMs: number;
  /** Bodies of that snapshot, in bytes. */
  identityBytes: number;
  brBytes: number;
  /** The physical reference: a bare SELECT of the same rows and their hours, then gzip -9 and brotli 6 of the same bytes, in this process. */
  reference: { selectMs: number; gzipMs: number; brotliMs: number; rows: number };
  /** The minute of writes. */
  writes: number;
  writeMinuteS: number;
  buildsInMinute: number;
  buildCpuInMinuteS: number;
  processCpuInMinuteS: number;
  snapshotsAsked: number;
}

/** Seeds `restrooms`, starts the server with metrics, and measures (about 2 minutes at 250,000 beside the seeding). */
export async function snapshotRebuilds(restrooms: number): Promise<SnapshotRebuildFigures> {
  const metricsPort = await freeLoopbackPort();
  const server = await startBenchServer(restrooms, { METRICS_PORT: String(metricsPort) });
  const metrics = () => scrape(metricsPort);
  try {
    // prom-client resets its event-loop histogram at each scrape: the next scrape's maximum is the build's.
    await metrics();
    const identity = (await fetchSnapshot(server, 'identity')).text;
    const afterBuild = await metrics();
    const built = afterBuild.sum('allstall_snapshot_builds_total', { cache: 'sync_snapshot', result: 'ok' });
    if (built !== 1) throw new Error(`expected one snapshot build after the first request, the metrics say ${built}`);
    const brBytes = (await fetchSnapshot(server, 'br')).sentBytes;
    const reference = physicalReference(server, identity);

    const cookie = await signIn(server);
    const ids = await restroomIds(server, Math.ceil(WRITE_MINUTE_MS / WRITE_EVERY_MS) + 5);
    const before = await metrics();
    const started = performance.now();
    let writes = 0;
    let snapshotsAsked = 0;
    while (performance.now() - started < WRITE_MINUTE_MS) {
      const due = started + writes * WRITE_EVERY_MS;
      await sleep(Math.max(0, due - performance.now()));
      const id = ids[writes % ids.length]!;
      const response = await fetch(`${server.url}/api/confirmations`, {
        method: 'POST',
        headers: { ...WRITE_HEADERS, cookie, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ restroom_id: id }),
      });
      if (!response.ok) throw new Error(`POST /api/confirmations answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
      writes += 1;
      await fetchSnapshot(server, 'br');
      snapshotsAsked += 1;
    }
    const writeMinuteS = (performance.now() - started) / 1000;
    // A build started by the last request is counted once it has ended.
    await sleep(1_000);
    const after = await metrics();
    const builds = (scraped: Scraped) => scraped.sum('allstall_snapshot_builds_total', { cache: 'sync_snapshot' });
    const buildCpu = (scraped: Scraped) => scraped.sum('allstall_snapshot_build_cpu_seconds_total', { cache: 'sync_snapshot' });
    const processCpu = (scraped: Scraped) => scraped.sum('allstall_process_cpu_seconds_total', {});
    return {
      buildWallS: afterBuild.sum('allstall_snapshot_build_seconds_sum', { cache: 'sync_snapshot' }),
      buildCpuS: buildCpu(afterBuild),
      eventLoopMaxDelayMs: afterBuild.sum('allstall_nodejs_eventloop_lag_max_seconds', {}) * 1000,
      identityBytes: identity.length,
      brBytes,
      reference,
      writes,
      writeMinuteS,
      buildsInMinute: builds(after) - builds(before),
      buildCpuInMinuteS: buildCpu(after) - buildCpu(before),
      processCpuInMinuteS: processCpu(after) - processCpu(before),
      snapshotsAsked,
    };
  } finally {
    await server.stop();
  }
}

/** The figure's note: what was measured, and what the policy makes of it over longer than a minute. */
export function snapshotRebuildNote(figures: SnapshotRebuildFigures): string {
  const percent = (cpuS: number, overS: number) => `${((100 * cpuS) / overS).toFixed(1)} %`;
  return [
    `${figures.buildsInMinute} builds in ${figures.writeMinuteS.toFixed(0)} s of ${figures.writes} writes (POST /api/confirmations, one every ${WRITE_EVERY_MS / 1000} s), each followed by a device asking for the snapshot`,
    `default policy (SNAPSHOT_REBUILD_CHANGES 2000, SNAPSHOT_MAX_AGE_SECONDS ${DEFAULT_MAX_AGE_S}): at this rate one build an hour, ${percent(figures.buildCpuS, DEFAULT_MAX_AGE_S)} of a core`,
    `the former policy (a build every ${FORMER_MAX_AGE_S} s while the feed moves): ${percent(figures.buildCpuS, FORMER_MAX_AGE_S)}`,
    `the whole process over the minute (requests, writes, builds): ${percent(figures.processCpuInMinuteS, figures.writeMinuteS)}`,
  ].join('; ');
}

/** The snapshot's text (fetch decodes a coded body), and the size of the body as sent. */
async function fetchSnapshot(server: AppServer, encoding: 'identity' | 'br'): Promise<{ text: Buffer; sentBytes: number }> {
  const response = await fetch(`${server.url}/api/sync/snapshot`, { headers: { 'accept-encoding': encoding } });
  if (!response.ok) throw new Error(`GET /api/sync/snapshot answered ${response.status}`);
  const text = Buffer.from(await response.arrayBuffer());
  return { text, sentBytes: Number(response.headers.get('content-length') ?? text.length) };
}

async function signIn(server: AppServer): Promise<string> {
  const response = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: WRITE_HEADERS,
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('allstall_sid='));
  if (!response.ok || cookie === undefined) throw new Error(`login answered ${response.status}`);
  return cookie.split(';')[0]!;
}

/** Distinct restrooms to confirm: one confirmation a restroom a day moves the feed. */
async function restroomIds(server: AppServer, count: number): Promise<string[]> {
  const response = await fetch(`${server.url}/api/bathrooms/nearby?lat=44.97&lng=-93.26&limit=${count}`);
  const rows = (await response.json()) as Array<{ id: string }>;
  if (rows.length < count) throw new Error(`only ${rows.length} restrooms nearby`);
  return rows.map((row) => row.id);
}

/**
 * What the build cannot go below: the same visible rows and their opening hours read with one bare
 * SELECT each (no batches, no ordering, no JSON), and the snapshot's own bytes compressed by the
 * build's own settings (api/src/compression/compressed-body.ts), one after the other on this process's thread.
 */
function physicalReference(server: AppServer, identity: Buffer): SnapshotRebuildFigures['reference'] {
  return withServerDatabase(server, (db) => {
    const selectStarted = performance.now();
    const rows = db.prepare("select * from restrooms where status = 'approved' and is_removed = 0").all();
    db.prepare('select * from opening_hours').all();
    const selectMs = performance.now() - selectStarted;
    const gzipStarted = performance.now();
    gzipBodyNow(identity);
    const gzipMs = performance.now() - gzipStarted;
    const brotliStarted = performance.now();
    brotliBodyNow(identity);
    return { selectMs, gzipMs, brotliMs: performance.now() - brotliStarted, rows: rows.length };
  });
}

interface Scraped {
  /** The sum of a metric's samples whose labels include `labels`. */
  sum: (name: string, labels: Record<string, string>) => number;
}

/** One scrape of the metrics port, Prometheus's text format read line by line. */
async function scrape(port: number): Promise<Scraped> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const samples = text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (match === null) return null;
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1]!, pair[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    })
    .filter((sample) => sample !== null);
  return {
    sum: (name, labels) =>
      samples
        .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
        .reduce((total, sample) => total + sample.value, 0),
  };
}
