/**
 * `pnpm bench`: prints the figures we watch, each beside its budget, and a table of them at the end
 * for docs/performance.md. Everything is measured on a production build served by the real api, in
 * Debian's Chromium, on this machine; compare runs, not machines, and run it on a quiet machine. A
 * figure over budget is a finding, not a failure: the bench always exits 0 once it has measured.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import type { AppServer } from '../e2e/support/app-server.js';
import { launchChromium } from '../e2e/support/browser.js';
import { BOOTSTRAP_BUDGET_MS, BOOTSTRAP_WIRE_BUDGET_MB, bootstrapSync, type BootstrapRun } from './bootstrap-sync.js';
import { DELTA_SYNC_BUDGET_BYTES, deltaSync } from './delta-sync.js';
import { initialJavaScript, javaScriptBeforeFirstRow } from './initial-javascript.js';
import { NEARBY_P99_BUDGET_MS, NEARBY_RATIO_BUDGET, nearbyUnderLoad } from './nearby-load.js';
import { NEAREST_OPEN_NOW_BUDGET_MS, nearestOpenNow } from './nearest-open-now.js';
import { OFFLINE_COLD_START_BUDGET_MS, offlineColdStarts } from './offline-cold-start.js';
import { benchWebDistDir, startBenchServer } from './support/bench-server.js';
import { figuresTable, median, megabytes, printFigure, type Figure } from './support/figures.js';

const FRESH_DEVICES_10K = 3;
const OFFLINE_COLD_STARTS = 5;
const NEAREST_RUNS = 10;
const DELTA_CHANGES = 3;

const figures: Figure[] = [];
const record = (figure: Figure) => figures.push(printFigure(figure));
const list = (values: readonly number[]) => values.map((value) => value.toFixed(0)).join(', ');

async function withServer(restrooms: number, measure: (server: AppServer) => Promise<void>): Promise<void> {
  const started = performance.now();
  const server = await startBenchServer(restrooms);
  console.log(`\n${restrooms.toLocaleString('en-US')} synthetic restrooms stored on the server in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    await measure(server);
  } finally {
    await server.stop();
  }
}

function recordBootstrap(restrooms: number, runs: readonly BootstrapRun[]): void {
  const count = restrooms.toLocaleString('en-US');
  for (const run of runs) {
    if (run.storedRows !== restrooms) throw new Error(`a device stored ${run.storedRows} restrooms, not ${restrooms}`);
  }
  const firstRows = runs.map((run) => run.firstListRowMs);
  const saved = runs.map((run) => run.savedMs);
  const many = runs.length > 1 ? `median of ${runs.length} fresh devices: ${list(firstRows)} ms` : 'one fresh device';
  record({ name: `bootstrap ${count}: navigation to first list row`, value: median(firstRows), unit: 'ms', budget: { limit: BOOTSTRAP_BUDGET_MS[restrooms] ?? Number.NaN, kind: 'at most' }, note: many });
  record({
    name: `bootstrap ${count}: navigation to every restroom saved`,
    value: median(saved) / 1000,
    unit: 's',
    note: `${runs[0]?.syncRequests} pages of the feed, the rest of the pull on ${runs[0]?.finishedOn}`,
  });
  record({
    name: `bootstrap ${count}: /api/sync over the wire`,
    value: megabytes(runs[0]?.wireBytes ?? Number.NaN),
    unit: 'MB',
    ...(restrooms === 100_000 ? { budget: { limit: BOOTSTRAP_WIRE_BUDGET_MB, kind: 'at most' as const } } : {}),
    note: 'headers and compressed bodies',
  });
}

console.log(
  [
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`,
    `web build: ${benchWebDistDir}`,
  ].join('\n'),
);

record(initialJavaScript(benchWebDistDir));

const browser = await launchChromium();
console.log(`browser: Chromium ${browser.version()}`);
try {
  await withServer(10_000, async (server) => {
    const runs: BootstrapRun[] = [];
    for (let device = 0; device < FRESH_DEVICES_10K; device++) {
      const run = await bootstrapSync(browser, server, 'the list');
      runs.push(run);
      if (device < FRESH_DEVICES_10K - 1) await run.context.close();
    }
    record(javaScriptBeforeFirstRow(benchWebDistDir, runs[0]?.scriptsBeforeFirstRow ?? []));
    recordBootstrap(10_000, runs);
    const last = runs.at(-1)!;
    const offline = {
      name: 'offline cold start, 10,000 stored: navigation to first list row',
      unit: 'ms',
      budget: { limit: OFFLINE_COLD_START_BUDGET_MS, kind: 'at most' },
    } as const;
    try {
      const coldStarts = await offlineColdStarts(last.page, server, OFFLINE_COLD_STARTS);
      record({ ...offline, value: median(coldStarts), note: `median of ${coldStarts.length} new tabs, network cut: ${list(coldStarts)} ms` });
    } catch (error) {
      // One figure that cannot be taken (a service worker that never takes control) must not cost the others.
      record({ ...offline, value: Number.NaN, missing: error instanceof Error ? error.message.split('\n')[0] : String(error) });
    } finally {
      await last.context.close();
    }
  });

  await withServer(100_000, async (server) => {
    // With the list open, the rest of a 100,000-row pull takes minutes (docs/performance.md says why),
    // so past the first row it finishes on another screen.
    const run = await bootstrapSync(browser, server, 'another screen');
    recordBootstrap(100_000, [run]);

    const nearest = await nearestOpenNow(run.page, NEAREST_RUNS);
    record({
      name: `nearest 20 open now over ${nearest.storedRows.toLocaleString('en-US')} stored restrooms`,
      value: median(nearest.runsMs),
      unit: 'ms',
      budget: { limit: NEAREST_OPEN_NOW_BUDGET_MS, kind: 'at most' },
      note: `median of ${nearest.runsMs.length} runs in the page; ${nearest.shownRows} shown of ${nearest.matchingRows.toLocaleString('en-US')} open; the first list over the mirror read, building the grid and filter columns, took ${nearest.firstMs.toFixed(0)} ms, and reading the mirror out of IndexedDB ${nearest.readMs.toFixed(0)} ms before that`,
    });

    const deltas = await deltaSync(browser, run.page, server, DELTA_CHANGES);
    await run.context.close();
    record({
      name: 'delta sync after one change, 100,000 stored: /api/sync over the wire',
      value: median(deltas.map((delta) => delta.wireBytes)),
      unit: 'bytes',
      budget: { limit: DELTA_SYNC_BUDGET_BYTES, kind: 'at most' },
      note: `median of ${deltas.length} changes, each pull bringing ${list(deltas.map((delta) => delta.restrooms))} restroom; headers ${list(deltas.map((delta) => delta.headerBytes))} bytes of it`,
    });
    record({
      name: 'delta sync after one change: server time',
      value: median(deltas.map((delta) => delta.serverMs)),
      unit: 'ms',
      note: `request sent to first byte, on loopback: ${deltas.map((delta) => delta.serverMs.toFixed(1)).join(', ')} ms`,
    });

    const nearby = await nearbyUnderLoad(server);
    const failures = nearby.nearby.failures + nearby.sameAnswer.failures + nearby.hello.failures;
    if (failures > 0) throw new Error(`${failures} requests failed under load`);
    record({
      name: 'GET /api/bathrooms/nearby, 100,000 rows, 50 connections: req/s ÷ bare Fastify sending the same answer',
      value: nearby.nearby.requestsPerSecond / nearby.sameAnswer.requestsPerSecond,
      unit: 'ratio',
      budget: { limit: NEARBY_RATIO_BUDGET, kind: 'at least' },
      note: `${nearby.nearby.requestsPerSecond.toFixed(0)} vs ${nearby.sameAnswer.requestsPerSecond.toFixed(0)} req/s`,
    });
    record({
      name: 'GET /api/bathrooms/nearby: req/s ÷ bare Fastify hello world',
      value: nearby.nearby.requestsPerSecond / nearby.hello.requestsPerSecond,
      unit: 'ratio',
      note: `${nearby.nearby.requestsPerSecond.toFixed(0)} vs ${nearby.hello.requestsPerSecond.toFixed(0)} req/s`,
    });
    record({
      name: 'GET /api/bathrooms/nearby: p99 latency',
      value: nearby.nearby.p99Ms,
      unit: 'ms',
      budget: { limit: NEARBY_P99_BUDGET_MS, kind: 'at most' },
      note: `bare Fastify: ${nearby.sameAnswer.p99Ms} ms same answer, ${nearby.hello.p99Ms} ms hello world`,
    });
  });
} finally {
  await browser.close();
}

console.log(`\n${figuresTable(figures)}`);
