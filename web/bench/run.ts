/**
 * `pnpm bench`: prints the figures we watch, each beside its budget as it is measured, then the
 * budget table (issue 27's, then issue 13's figures that keep a budget) and the other figures as
 * Markdown for docs/performance.md. Each first sync is measured twice, on fresh devices: with the
 * map open, as a first visit opens /bathrooms, and with the list open. Everything is
 * measured on a production build served by the real api, in Debian's Chromium, on this machine;
 * compare runs, not machines, and run it on a quiet machine. A figure over budget is a finding, not
 * a failure: the bench always exits 0 once it has measured.
 *
 * BENCH_100K_CEILING_S and BENCH_250K_CEILING_S (default 300 and 240) bound how long a first sync
 * may take before its figures are given up as not measured; before issue 13 a first sync of 250,000
 * with the list open took many minutes.
 *
 * After the Twin Cities sizes, the same first syncs and cold starts over a country (the country
 * layout: twenty US metros in five time zones and the Twin Cities, seen from Minneapolis), by
 * default 250,000 restrooms: BENCH_COUNTRY_RESTROOMS sizes it, BENCH_COUNTRY_CEILING_S (default
 * 300) bounds its first sync, and BENCH_ONLY=country runs that block alone (to check it at a small
 * size without the whole bench).
 *
 * Then a first visit on a poor link (issue 39): the country layout, by default 250,000 restrooms
 * (BENCH_POOR_SIGNAL_RESTROOMS), a fresh phone in Seattle with the list open, behind a throttling
 * proxy of the bench's own that models one shared phone link (e2e/support/throttling-proxy.ts), on
 * two profiles: the first list row near the person and every restroom saved, beside the same link's
 * reference (the app's document and one nearby answer). BENCH_POOR_SIGNAL_CEILING_S (default 600)
 * bounds each visit; BENCH_ONLY=poor-signal runs that block alone.
 *
 * Last, the first-sync snapshot's cost on the server at 250,000 restrooms (issue 30): its build in
 * the worker thread (wall, CPU, the event loop meanwhile, beside a bare SELECT and compression of
 * the same bytes), and the CPU share its rebuilds take over a minute of writes with the default
 * policy. BENCH_SNAPSHOT_RESTROOMS sizes it; BENCH_ONLY=snapshot runs that block alone.
 *
 * Then the app's reads at once under 200 connections (issue 39 item 5): nearby, the snapshot, one
 * restroom, the app page and a delta pull, over 100,000 restrooms, each route's p50, p99 and longest
 * answer, how many took over 2 s or got none in 10 s, beside bare Fastify through the same client.
 * BENCH_READ_MIX_SECONDS (default 30) sets how long; BENCH_ONLY=read-mix runs that block alone.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import type { Browser, BrowserContext } from 'playwright-core';
import type { AppServer } from '../e2e/support/app-server.js';
import { launchChromium } from '../e2e/support/browser.js';
import type { FirstVisitView } from '../e2e/support/first-sync-watch.js';
import { ONE_BAR, PHONE_3G, type LinkProfile } from '../e2e/support/throttling-proxy.js';
import {
  bootstrapSync,
  EVERY_RESTROOM_SAVED_BUDGET_S,
  FirstSyncUnfinished,
  FIRST_SHOWN_BUDGET_MS,
  FIRST_SYNC_WIRE_BUDGET_MB,
  HEAP_AFTER_SYNC_BUDGET_MB,
  heapAfterGarbageCollection,
  LONGEST_TASK_BUDGET_MS,
  type BootstrapRun,
} from './bootstrap-sync.js';
import { appPageUnderLoad } from './app-page-load.js';
import { DELTA_SYNC_BUDGET_BYTES, deltaSync } from './delta-sync.js';
import { initialJavaScript, javaScriptBeforeFirstRow } from './initial-javascript.js';
import { NEARBY_P99_BUDGET_MS, NEARBY_RATIO_BUDGET, nearbyUnderLoad } from './nearby-load.js';
import { NEAREST_OPEN_NOW_BUDGET_MS, nearestOpenNow } from './nearest-open-now.js';
import { mapMoves, MAP_MOVE_TASK_BUDGET_MS } from './map-moves.js';
import {
  mapPackFigures,
  PACK_DOWNLOAD_HEAP_BUDGET_MB,
  PACK_DOWNLOAD_RATIO_BUDGET,
  PACK_FIRST_TILE_BUDGET_MS,
  PACK_PAN_TASK_BUDGET_MS,
} from './map-pack.js';
import { SNAPSHOT_CPU_BUDGET_PERCENT, snapshotRebuildNote, snapshotRebuilds } from './snapshot-rebuilds.js';
import { NO_ANSWER_MS, READ_MIX_CONNECTIONS, READ_MIX_ROUTES, READ_MIX_SLOW_MS, readMixUnderLoad, type ReadMixRoute, type RouteLoad } from './read-mix-load.js';
import { OFFLINE_COLD_START_BUDGET_MS, OFFLINE_COLD_START_MAP_BUDGET_MS, offlineColdStarts } from './offline-cold-start.js';
import { linkReference, NEAR_MILES, POOR_SIGNAL_RATIO_BUDGET, poorSignalFirstVisit, type LinkReference, type PoorSignalVisit } from './poor-signal.js';
import { rawFirstSyncMs, rawNote, rawReference, type RawReferenceTimings } from './raw-reference.js';
import { benchWebDistDir, startBenchServer } from './support/bench-server.js';
import { COUNTRY_LAYOUT, COUNTRY_METROS } from './support/country-layout.js';
import { figuresTable, median, megabytes, printFigure, type Figure } from './support/figures.js';
import { warmUpPieces, warmUpSnapshot } from './support/snapshot-warm-up.js';
import type { SyntheticLayout } from './support/synthetic-restrooms.js';

const FRESH_DEVICES_10K = 3;
const COLD_STARTS = 3;
const NEAREST_RUNS = 10;
const DELTA_CHANGES = 3;
const SYNC_CEILING_MS: Readonly<Record<number, number>> = {
  10_000: 120_000,
  100_000: Number(process.env.BENCH_100K_CEILING_S ?? 300) * 1000,
  250_000: Number(process.env.BENCH_250K_CEILING_S ?? 240) * 1000,
};
const COUNTRY_RESTROOMS = Number(process.env.BENCH_COUNTRY_RESTROOMS ?? 250_000);
const COUNTRY_CEILING_MS = Number(process.env.BENCH_COUNTRY_CEILING_S ?? 300) * 1000;
const SNAPSHOT_RESTROOMS = Number(process.env.BENCH_SNAPSHOT_RESTROOMS ?? 250_000);
const POOR_SIGNAL_RESTROOMS = Number(process.env.BENCH_POOR_SIGNAL_RESTROOMS ?? 250_000);
const POOR_SIGNAL_CEILING_MS = Number(process.env.BENCH_POOR_SIGNAL_CEILING_S ?? 600) * 1000;
const READ_MIX_RESTROOMS = 100_000;
const READ_MIX_SECONDS = Number(process.env.BENCH_READ_MIX_SECONDS ?? 30);
/** BENCH_ONLY=country, poor-signal, map-pack, snapshot or read-mix: that block alone; unset, every block. */
const ONLY = process.env.BENCH_ONLY;
const BLOCKS = ['country', 'poor-signal', 'map-pack', 'snapshot', 'read-mix'];
if (ONLY !== undefined && !BLOCKS.includes(ONLY)) {
  throw new Error(`BENCH_ONLY=${ONLY}: only ${BLOCKS.map((block) => `'${block}'`).join(', ')} are known`);
}
const ONLY_COUNTRY = ONLY === 'country';
const ONLY_POOR_SIGNAL = ONLY === 'poor-signal';
const ONLY_MAP_PACK = ONLY === 'map-pack';
const ONLY_SNAPSHOT = ONLY === 'snapshot';
const ONLY_READ_MIX = ONLY === 'read-mix';
/** The blocks that need no browser. */
const SERVER_ONLY = ONLY_SNAPSHOT || ONLY_READ_MIX;
if (!(READ_MIX_SECONDS > 0)) throw new Error(`BENCH_READ_MIX_SECONDS=${process.env.BENCH_READ_MIX_SECONDS}: a number of seconds, please`);
if (!Number.isInteger(SNAPSHOT_RESTROOMS) || SNAPSHOT_RESTROOMS <= 0) throw new Error(`BENCH_SNAPSHOT_RESTROOMS=${process.env.BENCH_SNAPSHOT_RESTROOMS}: a whole number of restrooms, please`);
if (!Number.isInteger(POOR_SIGNAL_RESTROOMS) || POOR_SIGNAL_RESTROOMS <= 0) {
  throw new Error(`BENCH_POOR_SIGNAL_RESTROOMS=${process.env.BENCH_POOR_SIGNAL_RESTROOMS}: a whole number of restrooms, please`);
}
if (!Number.isInteger(COUNTRY_RESTROOMS) || COUNTRY_RESTROOMS <= 0) throw new Error(`BENCH_COUNTRY_RESTROOMS=${process.env.BENCH_COUNTRY_RESTROOMS}: a whole number of restrooms, please`);

const figures: Figure[] = [];
const record = (figure: Figure) => figures.push(printFigure(figure));
const list = (values: readonly number[]) => values.map((value) => value.toFixed(0)).join(', ');
const thousands = (value: number) => value.toLocaleString('en-US');
const errorLine = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error));

/** Measures one or more figures; when that throws, each of `figuresOnFailure` is recorded as not measured, and the run goes on. */
async function attempt(figuresOnFailure: ReadonlyArray<Omit<Figure, 'value'>>, measure: () => Promise<void>): Promise<boolean> {
  try {
    await measure();
    return true;
  } catch (error) {
    for (const figure of figuresOnFailure) record({ ...figure, value: Number.NaN, missing: errorLine(error) });
    return false;
  }
}

/**
 * What a block's figures are named by: the size ('100,000') for the Twin Cities, as every run before
 * issue 27 named them, or a label saying the layout and size ('country, 250,000').
 */
type Size = number | string;
const sizeName = (size: Size) => (typeof size === 'number' ? thousands(size) : size);

/** A layout other than the Twin Cities, and how its block's figures are named. */
interface OtherLayout {
  layout: SyntheticLayout;
  /** What is stored: 'country, 250,000'. */
  stored: string;
  /** A line describing it, printed when its server has started. */
  description: string;
}

async function withServer(restrooms: number, measure: (server: AppServer) => Promise<void>, other?: OtherLayout): Promise<void> {
  const started = performance.now();
  const server = await startBenchServer(restrooms, {}, other?.layout);
  console.log(`\n${thousands(restrooms)} synthetic restrooms stored on the server, and the server started, in ${((performance.now() - started) / 1000).toFixed(1)} s${other ? `: ${other.description}` : ''}`);
  try {
    const snapshot = await warmUpSnapshot(server);
    if (snapshot === null) {
      console.log('the server has no first-sync snapshot (GET /api/sync/snapshot: 404): devices pull the feed page by page');
    } else {
      record({
        name: `${other?.stored ?? thousands(restrooms)}: first-sync snapshot, first request (builds it)`,
        value: snapshot.firstMs,
        unit: 'ms',
        note: `the next request, from the server's cache: ${snapshot.cachedMs.toFixed(0)} ms; ${megabytes(snapshot.bytes).toFixed(2)} MB as Brotli; asked for before the devices, as a deployment's first device would`,
      });
    }
    // What the devices read: the first sync's pieces, built before they ask.
    const pieces = await warmUpPieces(server);
    if (pieces !== null) {
      record({
        name: `${other?.stored ?? thousands(restrooms)}: first sync's pieces, first index request (builds them)`,
        value: pieces.firstMs,
        unit: 'ms',
        note: `${thousands(pieces.pieces)} pieces, ${megabytes(pieces.bytes).toFixed(2)} MB as Brotli together${snapshot === null ? '' : ` (${(pieces.bytes / snapshot.bytes).toFixed(2)}× the one-answer snapshot)`}`,
      });
    }
    await measure(server);
  } finally {
    await server.stop();
  }
}

/** Each first sync is measured twice: with the map open, as a first visit opens /bathrooms, and with the list open. */
const VIEWS: readonly FirstVisitView[] = ['map', 'list'];
const opened = (size: Size, view: FirstVisitView) => `${sizeName(size)}, ${view} open`;
const shownWords = (view: FirstVisitView) => (view === 'list' ? 'first list row' : 'first restroom on the map');
const firstShownName = (size: Size, view: FirstVisitView) => `${opened(size, view)}: navigation to ${shownWords(view)}`;
const savedName = (size: Size, view: FirstVisitView) => `${opened(size, view)}: every restroom saved`;
const wireName = (size: Size) => `${sizeName(size)}: bytes over the wire`;
const longestTaskName = (size: Size, view: FirstVisitView) => `${opened(size, view)}: longest main-thread task while syncing`;
const heapName = (size: Size, view: FirstVisitView) => `${opened(size, view)}: JS heap of the page after the sync`;
const coldStartName = (size: Size, view: FirstVisitView) => `offline cold start, ${sizeName(size)} stored: ${shownWords(view)}`;
const mapMovesName = (size: Size) => `map, ${sizeName(size)} stored: longest task of a pan or a zoom`;
const DELTA_NAME = 'delta after one change, 100,000 stored: bytes';
const nearestName = (size: Size) => `nearest 20 open now, ${sizeName(size)} stored`;
const SNAPSHOT_NAMES = {
  build: `${thousands(SNAPSHOT_RESTROOMS)}: first-sync snapshot build, in its worker thread`,
  reference: `${thousands(SNAPSHOT_RESTROOMS)}: snapshot build ÷ a bare SELECT of the same rows + gzip and brotli of the same bytes`,
  cpu: `${thousands(SNAPSHOT_RESTROOMS)}, a write every 3 s for a minute: CPU on snapshot builds, % of one core`,
};
const ROUTE_WORDS: Readonly<Record<ReadMixRoute, string>> = {
  nearby: 'GET /api/bathrooms/nearby',
  snapshot: 'GET /api/sync/snapshot',
  detail: 'GET /api/bathrooms/:id',
  page: 'GET /bathrooms (the app page)',
  delta: 'GET /api/sync?since= (a delta pull)',
};
const READ_MIX = `read mix, ${thousands(READ_MIX_RESTROOMS)}, ${READ_MIX_CONNECTIONS} connections`;
const READ_MIX_NAMES = {
  ...Object.fromEntries(READ_MIX_ROUTES.map((route) => [route, `${READ_MIX}: ${ROUTE_WORDS[route]}, longest answer`])),
  longest: `${READ_MIX}: longest answer of any route`,
  p99: `${READ_MIX}: p99 of every route together`,
  ratio: `${READ_MIX}: p99 ÷ bare Fastify's p99 through the same client`,
} as Readonly<Record<ReadMixRoute | 'longest' | 'p99' | 'ratio', string>>;
const PACK_NAMES = {
  download: 'map pack, 50 MB on loopback: download ÷ one plain fetch of the same bytes',
  heap: 'map pack: page heap during the download, above before it',
  firstTile: 'map pack saved, offline: first tile drawn after the map shows',
  pan: 'map pack saved, offline: longest task of a pan',
};

/** Issue 27's budget table, size by size in its order, then issue 13's figures that keep a budget. */
const BUDGET_TABLE = [
  ...[10_000, 100_000, 250_000].flatMap((size) => [
    firstShownName(size, 'map'),
    firstShownName(size, 'list'),
    savedName(size, 'map'),
    savedName(size, 'list'),
    `${savedName(size, 'list')} ÷ raw reference`,
    longestTaskName(size, 'map'),
    longestTaskName(size, 'list'),
    coldStartName(size, 'list'),
    coldStartName(size, 'map'),
    mapMovesName(size),
    heapName(size, 'map'),
    heapName(size, 'list'),
  ]),
  wireName(100_000),
  DELTA_NAME,
  nearestName(250_000),
];

const atMost = (limit: number | undefined): Figure['budget'] => (limit === undefined ? undefined : { limit, kind: 'at most' });
/** Another layout is held to the budgets of the same size over the Twin Cities, for comparison. */
const budgetOf = (table: Readonly<Record<number, number>>, restrooms: number) => atMost(table[restrooms]);
const coldStartBudgets = (view: FirstVisitView) => (view === 'list' ? OFFLINE_COLD_START_BUDGET_MS : OFFLINE_COLD_START_MAP_BUDGET_MS);

/** The figures of one or more fresh devices' first sync, all with the same view open, named by `size`. */
function recordBootstrap(restrooms: number, runs: readonly BootstrapRun[], raw: RawReferenceTimings | null, size: Size = restrooms): void {
  for (const run of runs) {
    if (run.storedRows !== restrooms) throw new Error(`a device stored ${run.storedRows} restrooms, not ${restrooms}`);
  }
  const first = runs[0]!;
  const { view } = first;
  const shown = runs.map((run) => run.firstShownMs);
  const saved = runs.map((run) => run.savedMs);
  const many = (values: readonly number[], unit: string) => (runs.length > 1 ? `median of ${runs.length} fresh devices: ${list(values)} ${unit}` : 'one fresh device');
  record({ name: firstShownName(size, view), value: median(shown), unit: 'ms', budget: budgetOf(FIRST_SHOWN_BUDGET_MS, restrooms), note: many(shown, 'ms') });
  const savedFigure: Figure = {
    name: savedName(size, view),
    value: median(saved) / 1000,
    unit: 's',
    budget: budgetOf(EVERY_RESTROOM_SAVED_BUDGET_S, restrooms),
    note: `${many(saved, 'ms')}; navigation to "${thousands(restrooms)} restrooms saved on this device" with the sync idle; the saved line showed ${first.savedTexts} texts${first.separated ? '' : ', numbers without thousands separators'}`,
  };
  record(savedFigure);
  if (raw !== null) {
    record({
      name: `${savedName(size, view)} ÷ raw reference`,
      value: savedFigure.value / (rawFirstSyncMs(raw) / 1000),
      unit: 'ratio',
      ...(restrooms === 100_000 ? { budget: atMost(5) } : {}),
      note: rawNote(raw),
    });
  }
  if (view !== 'list') return;
  const snapshots = first.syncPaths.filter((path) => path.startsWith('/api/sync/snapshot') || path.startsWith('/api/sync/pieces')).length;
  record({
    name: wireName(size),
    value: megabytes(first.wireBytes),
    unit: 'MB',
    ...(restrooms === 100_000 ? { budget: atMost(FIRST_SYNC_WIRE_BUDGET_MB) } : {}),
    note: `headers and encoded bodies of ${first.syncPaths.length} /api/sync answers (${snapshots} index and pieces, ${first.syncPaths.length - snapshots} feed pages)`,
  });
}

async function recordLongestTaskAndHeap(restrooms: number, run: BootstrapRun, size: Size = restrooms): Promise<void> {
  const none = run.longTasks === 0;
  record({
    name: longestTaskName(size, run.view),
    value: run.longestTaskMs,
    unit: 'ms',
    budget: budgetOf(LONGEST_TASK_BUDGET_MS, restrooms),
    ...(none ? { shown: '< 50 ms' } : {}),
    note: none
      ? 'no task reached 50 ms, the longtask threshold, from navigation to every restroom saved'
      : `${run.longTasks} tasks over 50 ms from navigation to every restroom saved (PerformanceObserver 'longtask', from before the app's first script)`,
  });
  const heap = await heapAfterGarbageCollection(run.page);
  record({
    name: heapName(size, run.view),
    value: megabytes(heap),
    unit: 'MB',
    budget: budgetOf(HEAP_AFTER_SYNC_BUDGET_MB, restrooms),
    note: `used JS heap after a full garbage collection (CDP), the ${run.view} still open`,
  });
}

/** Pans and zooms of the map on a device that has saved every restroom, its map open. */
async function recordMapMoves(restrooms: number, run: BootstrapRun, size: Size = restrooms): Promise<void> {
  const name = mapMovesName(size);
  const budget = budgetOf(MAP_MOVE_TASK_BUDGET_MS, restrooms);
  await attempt([{ name, unit: 'ms', budget }], async () => {
    const moves = await mapMoves(run.page);
    record({
      name,
      value: moves.longestTaskMs,
      unit: 'ms',
      budget,
      ...(moves.longTasks === 0 ? { shown: '< 50 ms' } : {}),
      note: `${moves.moves} keyboard moves (80 px pans, one-step zooms), each waited for until the map was still; ${moves.longTasks} tasks over 50 ms`,
    });
  });
}

async function recordColdStarts(restrooms: number, run: BootstrapRun, server: AppServer, raw: RawReferenceTimings | null, size: Size = restrooms): Promise<void> {
  const name = coldStartName(size, run.view);
  const budget = budgetOf(coldStartBudgets(run.view), restrooms);
  await attempt([{ name, unit: 'ms', budget }], async () => {
    const times = await offlineColdStarts(run.page, server, COLD_STARTS, run.view);
    const value = median(times);
    record({ name, value, unit: 'ms', budget, note: `median of ${times.length} new tabs, network cut: ${list(times)} ms` });
    if (raw !== null) {
      record({
        name: `${name} ÷ raw reference`,
        value: value / raw.readRecordsMs,
        unit: 'ratio',
        note: `raw: a fresh connection reading the ${thousands(raw.rows)} rows as ${raw.records} records of 500, ${raw.readRecordsMs.toFixed(0)} ms (as one string, parsed: ${raw.readBlobMs.toFixed(0)} ms); ours includes loading the app from the service worker`,
      });
    }
  });
}

async function recordNearest(restrooms: number, run: BootstrapRun, withBudget: boolean, size: Size = restrooms): Promise<void> {
  const name = nearestName(size);
  const budget = withBudget ? atMost(NEAREST_OPEN_NOW_BUDGET_MS) : undefined;
  await attempt([{ name, unit: 'ms', budget }], async () => {
    const nearest = await nearestOpenNow(run.page, NEAREST_RUNS);
    record({
      name,
      value: median(nearest.runsMs),
      unit: 'ms',
      budget,
      note: `median of ${nearest.runsMs.length} lists in the page over ${thousands(nearest.storedRows)} rows; ${nearest.shownRows} shown of ${thousands(nearest.matchingRows)} open; the first list, building the grid and filter columns, ${nearest.firstMs.toFixed(0)} ms, after reading every row out of IndexedDB in ${nearest.readMs.toFixed(0)} ms`,
    });
  });
}

/**
 * A fresh device syncs `restrooms` with `view` open; null when it cannot, its figures then recorded
 * as not measured (all but the first restroom shown, when that came before the ceiling).
 */
async function firstSync(browser: Browser, server: AppServer, restrooms: number, view: FirstVisitView, size: Size, ceilingMs: number): Promise<BootstrapRun | null> {
  try {
    return await bootstrapSync(browser, server, restrooms, ceilingMs, view);
  } catch (error) {
    const firstShown = { name: firstShownName(size, view), unit: 'ms', budget: budgetOf(FIRST_SHOWN_BUDGET_MS, restrooms) } as const;
    const firstShownMs = error instanceof FirstSyncUnfinished ? error.firstShownMs : null;
    if (firstShownMs === null) record({ ...firstShown, value: Number.NaN, missing: errorLine(error) });
    else record({ ...firstShown, value: firstShownMs, note: 'one fresh device, whose first sync then did not finish' });
    const missing = `the first sync of ${sizeName(size)} with the ${view} open did not finish: ${errorLine(error)}`;
    record({ name: savedName(size, view), unit: 's', value: Number.NaN, budget: budgetOf(EVERY_RESTROOM_SAVED_BUDGET_S, restrooms), missing });
    record({ name: longestTaskName(size, view), unit: 'ms', value: Number.NaN, budget: budgetOf(LONGEST_TASK_BUDGET_MS, restrooms), missing });
    record({ name: coldStartName(size, view), unit: 'ms', value: Number.NaN, budget: budgetOf(coldStartBudgets(view), restrooms), missing });
    return null;
  }
}

async function rawReferenceOrNull(browser: Browser, server: AppServer, restrooms: number): Promise<RawReferenceTimings | null> {
  try {
    return await rawReference(browser, server);
  } catch (error) {
    console.log(`raw reference at ${thousands(restrooms)} not measured: ${errorLine(error)}`);
    return null;
  }
}

const APP_PAGE_NAME = 'GET /bathrooms (the app page, as a browser asks), 200 connections: p99 latency';

/** The app page under load beside bare Fastify + @fastify/static sending the same build's file; no budget, the ratio beside it. */
async function recordAppPageLoad(server: AppServer): Promise<void> {
  await attempt([{ name: APP_PAGE_NAME, unit: 'ms' }], async () => {
    const load = await appPageUnderLoad(server, benchWebDistDir);
    const failures = load.page.failures + load.bare.failures;
    if (failures > 0) throw new Error(`${failures} requests failed under load`);
    record({
      name: APP_PAGE_NAME,
      value: load.page.p99Ms,
      unit: 'ms',
      note: `bare Fastify + @fastify/static (preCompressed, same build): ${load.bare.p99Ms} ms; ${load.page.requestsPerSecond.toFixed(0)} vs ${load.bare.requestsPerSecond.toFixed(0)} req/s; sent as ${load.encoding}, ${load.bodyBytes} bytes`,
    });
    record({
      name: 'GET /bathrooms: p99 ÷ bare Fastify + @fastify/static',
      value: load.page.p99Ms / load.bare.p99Ms,
      unit: 'ratio',
      note: `${load.page.p99Ms} vs ${load.bare.p99Ms} ms`,
    });
  });
}

/** The delta pull of a device holding 100,000 restrooms. */
async function recordDelta(browser: Browser, run: BootstrapRun, server: AppServer): Promise<void> {
  await attempt([{ name: DELTA_NAME, unit: 'bytes', budget: atMost(DELTA_SYNC_BUDGET_BYTES) }], async () => {
    const deltas = await deltaSync(browser, run.context, server, DELTA_CHANGES);
    record({
      name: DELTA_NAME,
      value: median(deltas.map((delta) => delta.wireBytes)),
      unit: 'bytes',
      budget: atMost(DELTA_SYNC_BUDGET_BYTES),
      note: `headers and body of the one /api/sync answer, median of ${deltas.length} changes, each pull bringing ${list(deltas.map((delta) => delta.restrooms))} restroom; headers ${list(deltas.map((delta) => delta.headerBytes))} bytes of it`,
    });
    record({
      name: 'delta after one change: server time',
      value: median(deltas.map((delta) => delta.serverMs)),
      unit: 'ms',
      note: `request sent to first byte, on loopback: ${deltas.map((delta) => delta.serverMs.toFixed(1)).join(', ')} ms`,
    });
  });
}

const closeQuietly = (context: BrowserContext | undefined) => context?.close().catch(() => undefined);

/** What a size block measures besides every device's first sync, longest task, heap and cold starts. */
interface BlockExtras {
  /** Fresh devices per view; the figures are their medians. */
  devices?: number;
  /** Issue 13's nearest 20 open now: with its budget (250,000), for information, or not at all. */
  nearest?: 'budget' | 'information';
  /** After the figures of the device that kept the list open (before its cold starts close its page). */
  afterList?: (run: BootstrapRun) => Promise<void>;
}

/**
 * A size over one layout, with the server already up: for each view, fresh devices sync every
 * restroom; the raw reference is taken once, right after the first device, while the server has
 * the same snapshot cached; then the device's longest task and heap, the map's pans and zooms,
 * and its cold starts.
 */
async function sizeBlock(browser: Browser, server: AppServer, restrooms: number, size: Size, ceilingMs: number, extras: BlockExtras = {}): Promise<void> {
  let raw: RawReferenceTimings | null | undefined;
  for (const view of VIEWS) {
    const runs: BootstrapRun[] = [];
    try {
      for (let device = 0; device < (extras.devices ?? 1); device++) {
        const run = await firstSync(browser, server, restrooms, view, size, ceilingMs);
        if (run === null) break;
        runs.push(run);
        if (device < (extras.devices ?? 1) - 1) await run.context.close();
      }
      const run = runs.at(-1);
      if (run === undefined || runs.length < (extras.devices ?? 1)) continue;
      raw ??= await rawReferenceOrNull(browser, server, restrooms);
      if (view === 'list' && restrooms === 10_000 && typeof size === 'number') record(javaScriptBeforeFirstRow(benchWebDistDir, runs[0]!.scriptsBeforeFirstRow));
      recordBootstrap(restrooms, runs, raw, size);
      await recordLongestTaskAndHeap(restrooms, run, size);
      if (view === 'map') await recordMapMoves(restrooms, run, size);
      if (view === 'list' && extras.nearest !== undefined) await recordNearest(restrooms, run, extras.nearest === 'budget', size);
      if (view === 'list') await extras.afterList?.(run);
      await recordColdStarts(restrooms, run, server, raw, size);
    } catch (error) {
      record({ name: `${opened(size, view)}: the figures after the first sync`, unit: 'ms', value: Number.NaN, missing: errorLine(error) });
    } finally {
      await closeQuietly(runs.at(-1)?.context);
    }
  }
}

/** What every figure of the poor-signal block is named by, first. */
const POOR_SIGNAL = 'poor signal';
/** The two links, as the figures name them. */
const POOR_LINKS: ReadonlyArray<{ label: string; profile: LinkProfile }> = [
  { label: '3G', profile: PHONE_3G },
  { label: 'one bar', profile: ONE_BAR },
];
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const miles = (value: number | null) => (value === null ? 'no distance' : `${value.toFixed(2)} mi`);

/** The reference's figure and its note, or why it is missing. */
function recordLinkReference(name: string, reference: LinkReference): void {
  record({
    name,
    value: reference.totalMs / 1000,
    unit: 's',
    note: `the document and its ${reference.files} initial files ${seconds(reference.documentMs)} s, then GET /api/bathrooms/nearby for Seattle ${seconds(reference.nearbyMs)} s (${reference.nearbyRows} rows, the nearest ${miles(reference.nearestMiles)}); ${(reference.bytesDown / 1024).toFixed(0)} KB down, on a new connection`,
  });
}

/** A fresh phone's figures on one link, beside the link's reference; a figure past the ceiling is not measured. */
function recordPoorSignalVisit(prefix: string, profile: LinkProfile, visit: PoorSignalVisit, reference: LinkReference | null): void {
  const nearName = `${prefix}: navigation to the first list row within ${NEAR_MILES} mi`;
  const ratioName = `${nearName} ÷ the link's reference`;
  const budget = atMost(POOR_SIGNAL_RATIO_BUDGET);
  const firstRow = visit.firstRowMs === null ? 'no list row at all' : `the first list row at ${seconds(visit.firstRowMs)} s, ${miles(visit.firstRowMiles)} away`;
  const anyNear = visit.anyNearRowMs === null ? 'no row of the list within it' : `a row of the list within it at ${seconds(visit.anyNearRowMs)} s`;
  const ceiling = `${POOR_SIGNAL_CEILING_MS / 1000} s, the ceiling (BENCH_POOR_SIGNAL_CEILING_S)`;
  if (visit.firstNearRowMs === null) {
    const last = visit.lastFirstRowMiles === null ? 'at the end no row with a distance' : `at the end the first row ${miles(visit.lastFirstRowMiles)} away`;
    const missing = `no near first row within ${ceiling}; ${firstRow}, ${anyNear}, ${last}`;
    record({ name: nearName, unit: 's', value: Number.NaN, missing });
    record({ name: ratioName, unit: 'ratio', value: Number.NaN, budget, missing });
  } else {
    const note = `one fresh phone in Seattle, its position allowed; ${firstRow}; ${anyNear}`;
    record({ name: nearName, value: visit.firstNearRowMs / 1000, unit: 's', note });
    if (reference === null) record({ name: ratioName, unit: 'ratio', value: Number.NaN, budget, missing: 'the link\'s reference was not measured' });
    else record({ name: ratioName, value: visit.firstNearRowMs / reference.totalMs, unit: 'ratio', budget, note: `${seconds(visit.firstNearRowMs)} vs ${seconds(reference.totalMs)} s` });
  }
  const linkFloorS = visit.bytesDown / profile.down.bytesPerSecond;
  const carried = `${(visit.bytesDown / 2 ** 20).toFixed(2)} MB down (at least ${linkFloorS.toFixed(1)} s at the link's bandwidth) and ${(visit.bytesUp / 1024).toFixed(0)} KB up over ${visit.connections} connections`;
  const savedName = `${prefix}: navigation to every restroom saved`;
  if (visit.savedMs === null) record({ name: savedName, unit: 's', value: Number.NaN, missing: `not within ${ceiling}: ${visit.unsaved ?? ''}; ${carried} by then` });
  else record({ name: savedName, value: visit.savedMs / 1000, unit: 's', note: `the link carried ${carried}` });
}

/**
 * Issue 39: `restrooms` over the country, seen from Minneapolis (the default region), a fresh phone
 * in Seattle on each link.
 */
async function poorSignalBlock(browser: Browser, restrooms: number): Promise<void> {
  const stored = `${POOR_SIGNAL}, ${thousands(restrooms)} over the country`;
  const other: OtherLayout = {
    layout: COUNTRY_LAYOUT,
    stored,
    description: `the country layout seen from Minneapolis, for a phone in Seattle behind a throttling proxy (${POOR_LINKS.map((link) => link.profile.name).join('; ')})`,
  };
  await withServer(
    restrooms,
    async (server) => {
      for (const { label, profile } of POOR_LINKS) {
        const prefix = `${stored}, ${label}`;
        const referenceName = `${prefix}: the link's reference, the app's document then one nearby answer`;
        let reference: LinkReference | null = null;
        await attempt([{ name: referenceName, unit: 's' }], async () => {
          reference = await linkReference(browser, server, profile);
          recordLinkReference(referenceName, reference);
        });
        await attempt([{ name: `${prefix}: the fresh phone's figures`, unit: 's' }], async () => {
          const visit = await poorSignalFirstVisit(browser, server, profile, restrooms, POOR_SIGNAL_CEILING_MS);
          recordPoorSignalVisit(prefix, profile, visit, reference);
        });
      }
    },
    other,
  );
}

console.log(
  [
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`,
    `web build: ${benchWebDistDir}`,
    ONLY_SNAPSHOT
      ? `synthetic data: ${thousands(SNAPSHOT_RESTROOMS)} over the Twin Cities, for the first-sync snapshot on the server alone (BENCH_ONLY=snapshot)`
      : ONLY_POOR_SIGNAL
        ? `synthetic data: a country of ${thousands(POOR_SIGNAL_RESTROOMS)}, for a first visit on a poor link alone (BENCH_ONLY=poor-signal)`
        : ONLY_READ_MIX
          ? `synthetic data: ${thousands(READ_MIX_RESTROOMS)} over the Twin Cities, for the read mix alone (BENCH_ONLY=read-mix)`
          : `synthetic data: the Twin Cities (20 municipalities, one time zone)${ONLY_COUNTRY ? ' not measured (BENCH_ONLY=country)' : ''}; then a country of ${thousands(COUNTRY_RESTROOMS)}`,
  ].join('\n'),
);
const benchStarted = performance.now();

if (ONLY === undefined) record(initialJavaScript(benchWebDistDir));

if (!SERVER_ONLY) {
  const browser = await launchChromium();
  console.log(`browser: Chromium ${browser.version()}`);
  try {
    if (ONLY === undefined) await twinCitiesBlocks(browser);
    if (ONLY === undefined || ONLY_COUNTRY) await countryBlock(browser, COUNTRY_RESTROOMS);
    if (ONLY === undefined || ONLY_POOR_SIGNAL) await poorSignalBlock(browser, POOR_SIGNAL_RESTROOMS);
    if (ONLY === undefined || ONLY_MAP_PACK) await mapPackBlock(browser);
  } finally {
    await browser.close();
  }
}
if (ONLY === undefined || ONLY_SNAPSHOT) await snapshotBlock(SNAPSHOT_RESTROOMS);
if (ONLY === undefined || ONLY_READ_MIX) await readMixBlock();

function secondsText(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}
/** How one route (or all) fared: its centre, its tail and what went over. */
function routeNote(load: RouteLoad): string {
  const slow = load.slowSentS === null ? '' : `, sent ${load.slowSentS[0].toFixed(1)}–${load.slowSentS[1].toFixed(1)} s into the run`;
  const failed = load.failures > 0 ? `; ${load.failures} failed` : '';
  return `p50 ${load.p50Ms.toFixed(0)} ms, p99 ${load.p99Ms.toFixed(0)} ms; ${load.overSlow} over ${secondsText(READ_MIX_SLOW_MS)} of ${thousands(load.requests)}, ${load.noAnswer} with no answer in ${secondsText(NO_ANSWER_MS)}${slow}${failed}`;
}

/** Issue 39 item 5: the app's reads at once, on a server of their own. */
async function readMixBlock(): Promise<void> {
  console.log(`\nThe read mix: ${thousands(READ_MIX_RESTROOMS)} restrooms over the Twin Cities, ${READ_MIX_CONNECTIONS} connections, ${READ_MIX_SECONDS} s`);
  const budget = atMost(READ_MIX_SLOW_MS);
  await attempt(
    [...READ_MIX_ROUTES.map((route) => ({ name: READ_MIX_NAMES[route], unit: 'ms' as const, budget })), { name: READ_MIX_NAMES.longest, unit: 'ms', budget }],
    async () => {
      const started = performance.now();
      const server = await startBenchServer(READ_MIX_RESTROOMS);
      const serverStartedAt = performance.now();
      console.log(`${thousands(READ_MIX_RESTROOMS)} synthetic restrooms stored on the server, and the server started, in ${secondsText(serverStartedAt - started)}`);
      try {
        // Built before the load, as a deployment's first device would have it built.
        await warmUpSnapshot(server);
        const load = await readMixUnderLoad(server, READ_MIX_SECONDS, serverStartedAt);
        const longest = (routeLoad: RouteLoad): Pick<Figure, 'value' | 'shown'> =>
          routeLoad.noAnswer > 0 ? { value: NO_ANSWER_MS, shown: `no answer in ${secondsText(NO_ANSWER_MS)}` } : { value: routeLoad.maxMs };
        for (const route of READ_MIX_ROUTES) {
          record({ name: READ_MIX_NAMES[route], unit: 'ms', budget, ...longest(load.routes[route]), note: routeNote(load.routes[route]) });
        }
        record({
          name: READ_MIX_NAMES.longest,
          unit: 'ms',
          budget,
          ...longest(load.mix),
          note: `${routeNote(load.mix)}; the load began ${load.serverAgeS.toFixed(0)} s after the server started, so the first retention sweep (a minute in) fell inside it`,
        });
        record({
          name: READ_MIX_NAMES.p99,
          value: load.mix.p99Ms,
          unit: 'ms',
          note: `bare Fastify sending a nearby answer from memory: p99 ${load.bare.p99Ms.toFixed(0)} ms, longest ${load.bare.maxMs.toFixed(0)} ms; ${(load.mix.requests / load.seconds).toFixed(0)} vs ${(load.bare.requests / load.referenceSeconds).toFixed(0)} req/s`,
        });
        record({ name: READ_MIX_NAMES.ratio, value: load.mix.p99Ms / load.bare.p99Ms, unit: 'ratio', note: `${load.mix.p99Ms.toFixed(0)} vs ${load.bare.p99Ms.toFixed(0)} ms` });
      } finally {
        await server.stop();
      }
    },
  );
}

/** Issue 30: the first-sync snapshot's build and rebuilds on the server, no browser. */
async function snapshotBlock(restrooms: number): Promise<void> {
  console.log(`\nThe first-sync snapshot on the server: ${thousands(restrooms)} restrooms over the Twin Cities, the default policy, metrics scraped`);
  const cpuBudget = atMost(SNAPSHOT_CPU_BUDGET_PERCENT);
  await attempt(
    [
      { name: SNAPSHOT_NAMES.build, unit: 's' },
      { name: SNAPSHOT_NAMES.reference, unit: 'ratio' },
      { name: SNAPSHOT_NAMES.cpu, unit: '%', budget: cpuBudget },
    ],
    async () => {
      const snapshot = await snapshotRebuilds(restrooms);
      const { reference } = snapshot;
      const referenceMs = reference.selectMs + reference.gzipMs + reference.brotliMs;
      record({
        name: SNAPSHOT_NAMES.build,
        value: snapshot.buildWallS,
        unit: 's',
        note: `the worker thread's CPU ${snapshot.buildCpuS.toFixed(2)} s; the event loop's longest delay meanwhile ${snapshot.eventLoopMaxDelayMs.toFixed(0)} ms; ${megabytes(snapshot.identityBytes).toFixed(1)} MB of lines, ${megabytes(snapshot.brBytes).toFixed(2)} MB as Brotli`,
      });
      record({
        name: SNAPSHOT_NAMES.reference,
        value: (snapshot.buildWallS * 1000) / referenceMs,
        unit: 'ratio',
        note: `${(snapshot.buildWallS * 1000).toFixed(0)} vs ${referenceMs.toFixed(0)} ms: SELECT of ${thousands(reference.rows)} rows and their hours ${reference.selectMs.toFixed(0)} ms, gzip -9 ${reference.gzipMs.toFixed(0)} ms, brotli 6 ${reference.brotliMs.toFixed(0)} ms, in the bench's process`,
      });
      record({
        name: SNAPSHOT_NAMES.cpu,
        value: (100 * snapshot.buildCpuInMinuteS) / snapshot.writeMinuteS,
        unit: '%',
        budget: cpuBudget,
        note: snapshotRebuildNote(snapshot),
      });
    },
  );
}


/** Issue 28: saving a map pack, and the map drawn from it offline. */
async function mapPackBlock(browser: Browser): Promise<void> {
  console.log('\nThe map pack: a vector pack of downtown Minneapolis (100 m street grid, buildings), padded to 50 MB');
  const atMostRatio = { limit: PACK_DOWNLOAD_RATIO_BUDGET, kind: 'at most' as const };
  await attempt(
    [
      { name: PACK_NAMES.download, unit: 'ratio', budget: atMostRatio },
      { name: PACK_NAMES.heap, unit: 'MB', budget: atMost(PACK_DOWNLOAD_HEAP_BUDGET_MB) },
      { name: PACK_NAMES.firstTile, unit: 'ms', budget: atMost(PACK_FIRST_TILE_BUDGET_MS) },
      { name: PACK_NAMES.pan, unit: 'ms', budget: atMost(PACK_PAN_TASK_BUDGET_MS) },
    ],
    async () => {
      const pack = await mapPackFigures(browser);
      record({
        name: PACK_NAMES.download,
        value: pack.downloadMs / pack.plainFetchMs,
        unit: 'ratio',
        budget: atMostRatio,
        note: `${(pack.downloadMs / 1000).toFixed(2)} s saved on the device vs ${(pack.plainFetchMs / 1000).toFixed(2)} s for one plain fetch, ${megabytes(pack.packBytes).toFixed(1)} MB`,
      });
      record({ name: PACK_NAMES.heap, value: pack.heapRiseMb, unit: 'MB', budget: atMost(PACK_DOWNLOAD_HEAP_BUDGET_MB), note: 'highest of samples every 100 ms, above the heap after a collection before' });
      record({ name: PACK_NAMES.firstTile, value: pack.firstTileMs, unit: 'ms', budget: atMost(PACK_FIRST_TILE_BUDGET_MS), note: 'network cut, the map opened where it was never viewed' });
      record({
        name: PACK_NAMES.pan,
        value: pack.panLongestTaskMs,
        unit: 'ms',
        budget: atMost(PACK_PAN_TASK_BUDGET_MS),
        ...(pack.panLongestTaskMs === 0 ? { shown: '< 50 ms' } : {}),
        note: `${pack.pans} keyboard pans of 80 px, each waited for until the map settled`,
      });
    },
  );
}

/** 10,000, 100,000 and 250,000 restrooms over the Twin Cities, each with a server of its own. */
async function twinCitiesBlocks(browser: Browser): Promise<void> {
  await withServer(10_000, async (server) => {
    await sizeBlock(browser, server, 10_000, 10_000, SYNC_CEILING_MS[10_000]!, { devices: FRESH_DEVICES_10K });
    await recordAppPageLoad(server);
  });

  await withServer(100_000, async (server) => {
    await sizeBlock(browser, server, 100_000, 100_000, SYNC_CEILING_MS[100_000]!, {
      nearest: 'information',
      afterList: (run) => recordDelta(browser, run, server),
    });

    const nearbyNames = [
      'GET /api/bathrooms/nearby, 100,000 rows, 50 connections: req/s ÷ bare Fastify sending the same answer',
      'GET /api/bathrooms/nearby: req/s ÷ bare Fastify hello world',
      'GET /api/bathrooms/nearby: p99 latency',
    ];
    await attempt([{ name: nearbyNames[0]!, unit: 'ratio', budget: { limit: NEARBY_RATIO_BUDGET, kind: 'at least' } }], async () => {
      const nearby = await nearbyUnderLoad(server);
      const failures = nearby.nearby.failures + nearby.sameAnswer.failures + nearby.hello.failures;
      if (failures > 0) throw new Error(`${failures} requests failed under load`);
      record({
        name: nearbyNames[0]!,
        value: nearby.nearby.requestsPerSecond / nearby.sameAnswer.requestsPerSecond,
        unit: 'ratio',
        budget: { limit: NEARBY_RATIO_BUDGET, kind: 'at least' },
        note: `${nearby.nearby.requestsPerSecond.toFixed(0)} vs ${nearby.sameAnswer.requestsPerSecond.toFixed(0)} req/s`,
      });
      record({
        name: nearbyNames[1]!,
        value: nearby.nearby.requestsPerSecond / nearby.hello.requestsPerSecond,
        unit: 'ratio',
        note: `${nearby.nearby.requestsPerSecond.toFixed(0)} vs ${nearby.hello.requestsPerSecond.toFixed(0)} req/s`,
      });
      record({
        name: nearbyNames[2]!,
        value: nearby.nearby.p99Ms,
        unit: 'ms',
        budget: atMost(NEARBY_P99_BUDGET_MS),
        note: `bare Fastify: ${nearby.sameAnswer.p99Ms} ms same answer, ${nearby.hello.p99Ms} ms hello world`,
      });
    });
  });

  await withServer(250_000, (server) => sizeBlock(browser, server, 250_000, 250_000, SYNC_CEILING_MS[250_000]!, { nearest: 'budget' }));
}

/**
 * `restrooms` over the country layout, seen from Minneapolis, measured as the Twin Cities' sizes are
 * (both views, cold starts, the map's moves, nearest 20 open now over several clocks), held to the
 * budgets of the same size over the Twin Cities.
 */
async function countryBlock(browser: Browser, restrooms: number): Promise<void> {
  const stored = `country, ${thousands(restrooms)}`;
  const zones = new Set(COUNTRY_METROS.map((metro) => metro.timeZone)).size;
  const country: OtherLayout = {
    layout: COUNTRY_LAYOUT,
    stored,
    description: `the country layout, 80 % over ${COUNTRY_METROS.length} US metros (${zones} IANA zones, five clocks), 20 % over the Twin Cities, the person in Minneapolis`,
  };
  await withServer(restrooms, (server) => sizeBlock(browser, server, restrooms, stored, COUNTRY_CEILING_MS, { nearest: 'information' }), country);
}

const rank = (figure: Figure) => {
  const at = BUDGET_TABLE.indexOf(figure.name);
  return at === -1 ? BUDGET_TABLE.length : at;
};
const ofCountry = (figure: Figure) => figure.name.includes('country, ');
const ofPoorSignal = (figure: Figure) => figure.name.startsWith(POOR_SIGNAL);
const budgeted = figures.filter((figure) => rank(figure) < BUDGET_TABLE.length).sort((a, b) => rank(a) - rank(b));
const ofMapPack = (figure: Figure) => Object.values(PACK_NAMES).includes(figure.name);
const ofSnapshot = (figure: Figure) => Object.values(SNAPSHOT_NAMES).includes(figure.name);
const ofReadMix = (figure: Figure) => Object.values(READ_MIX_NAMES).includes(figure.name);
const others = figures.filter(
  (figure) => rank(figure) === BUDGET_TABLE.length && !ofCountry(figure) && !ofPoorSignal(figure) && !ofMapPack(figure) && !ofSnapshot(figure) && !ofReadMix(figure),
);
console.log(`\nThe whole bench took ${((performance.now() - benchStarted) / 60_000).toFixed(1)} min.`);
if (ONLY === undefined) {
  console.log(`\nThe budget table (issue 27, then issue 13's figures that keep a budget):\n\n${figuresTable(budgeted)}`);
  console.log(`\nThe other figures:\n\n${figuresTable(others)}`);
}
if (ONLY === undefined || ONLY_MAP_PACK) console.log(`\nThe map pack (issue 28):\n\n${figuresTable(figures.filter(ofMapPack))}`);
if (ONLY === undefined || ONLY_SNAPSHOT) console.log(`\nThe first-sync snapshot on the server (issue 30):\n\n${figuresTable(figures.filter(ofSnapshot))}`);
if (ONLY === undefined || ONLY_READ_MIX) console.log(`\nThe read mix (issue 39 item 5):\n\n${figuresTable(figures.filter(ofReadMix))}`);
if (ONLY === undefined || ONLY_COUNTRY) console.log(`\nThe country (${thousands(COUNTRY_RESTROOMS)} restrooms):\n\n${figuresTable(figures.filter(ofCountry))}`);
if (ONLY === undefined || ONLY_POOR_SIGNAL) console.log(`\nPoor signal (issue 39), ${thousands(POOR_SIGNAL_RESTROOMS)} restrooms over the country:\n\n${figuresTable(figures.filter(ofPoorSignal))}`);
