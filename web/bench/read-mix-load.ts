import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppServer } from '../e2e/support/app-server.js';
import { searchOrigins } from './nearby-load.js';
import { startBareJsonServer } from './support/bare-server.js';

/** Issue 39 item 5: under the read mix, no answer may take longer than this. */
export const READ_MIX_SLOW_MS = 2000;
export const READ_MIX_CONNECTIONS = 200;
/** A request still unanswered this long is given up, as autocannon's default timeout gives it up. */
export const NO_ANSWER_MS = 10_000;
const WARM_UP_SECONDS = 3;
const REFERENCE_SECONDS = 10;
/**
 * The measured load begins no sooner than this after the server started, so that with 30 s of load
 * it spans the first retention sweep (plugins/retention.ts, a minute after start), one of the
 * suspects of the stall.
 */
const SERVER_AGE_AT_START_S = 40;

/** The reads a device makes, in the order each connection takes them (each starts at another place in it). */
export const READ_MIX_ROUTES = ['nearby', 'snapshot', 'detail', 'page', 'delta'] as const;
export type ReadMixRoute = (typeof READ_MIX_ROUTES)[number];

/** What Chromium sends when a person opens the app, and when the app fetches. */
const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br, zstd' };
const API_HEADERS = { accept: 'application/json, */*', 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface RouteLoad {
  /** Requests sent, answered or not. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** The longest answer; NO_ANSWER_MS when a request got none. */
  maxMs: number;
  /** Answers that took longer than READ_MIX_SLOW_MS, plus requests with no answer. */
  overSlow: number;
  /** Requests with no answer within NO_ANSWER_MS (the socket is then closed and a new one opened). */
  noAnswer: number;
  /** Answers other than 200 or 304, and connection errors. */
  failures: number;
  /** When, in seconds after the load began, the first and the last request over READ_MIX_SLOW_MS was sent. */
  slowSentS: [number, number] | null;
}

export interface ReadMixLoad {
  routes: Record<ReadMixRoute, RouteLoad>;
  /** Every route together. */
  mix: RouteLoad;
  seconds: number;
  /** How long bare Fastify was loaded. */
  referenceSeconds: number;
  /** Bare Fastify sending one nearby answer from memory, through the same 200 connections of the same client. */
  bare: RouteLoad;
  /** Seconds from the server's start (its first health answer) to the measured load's start. */
  serverAgeS: number;
}

interface PlannedRequest {
  route: ReadMixRoute;
  path: string;
  headers: Record<string, string>;
}

interface Outcome {
  route: ReadMixRoute;
  sentAtMs: number;
  /** Null: no answer within NO_ANSWER_MS. */
  ms: number | null;
  ok: boolean;
}

/**
 * One request on its connection (the agent holds one socket): its time from being sent to the last
 * byte of the body, which is counted, not decoded. With no answer in NO_ANSWER_MS the socket is
 * destroyed and the next request opens a new one, as autocannon does.
 */
function timedRequest(url: URL, agent: Agent, planned: PlannedRequest, loadStartedAt: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const sentAt = performance.now();
    let settled = false;
    const settle = (ms: number | null, ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ route: planned.route, sentAtMs: sentAt - loadStartedAt, ms, ok });
    };
    const asked = request({ host: url.hostname, port: url.port, path: planned.path, headers: planned.headers, agent }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => settle(performance.now() - sentAt, response.statusCode === 200 || response.statusCode === 304));
      response.on('error', () => settle(performance.now() - sentAt, false));
    });
    const timer = setTimeout(() => {
      settle(null, false);
      asked.destroy();
    }, NO_ANSWER_MS);
    asked.on('error', () => settle(performance.now() - sentAt, false));
    asked.end();
  });
}

/**
 * `connections` connections, opened together, each sending its next request when the last is
 * answered (or given up), for `seconds`; every request sent is waited for, so one still unanswered
 * when the time is up counts too.
 */
async function load(baseUrl: string, connections: number, seconds: number, plan: (n: number) => PlannedRequest): Promise<Outcome[]> {
  const url = new URL(baseUrl);
  const outcomes: Outcome[] = [];
  const startedAt = performance.now();
  const endAt = startedAt + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let n = connection; performance.now() < endAt; n += 1) outcomes.push(await timedRequest(url, agent, plan(n), startedAt));
      } finally {
        agent.destroy();
      }
    }),
  );
  return outcomes;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

function summary(outcomes: readonly Outcome[]): RouteLoad {
  // A request with no answer counts as NO_ANSWER_MS: at least that long, which is all that is known.
  const sorted = outcomes.map((outcome) => outcome.ms ?? NO_ANSWER_MS).sort((a, b) => a - b);
  const slowSent = outcomes
    .filter((outcome) => outcome.ms === null || outcome.ms > READ_MIX_SLOW_MS)
    .map((outcome) => outcome.sentAtMs / 1000)
    .sort((a, b) => a - b);
  return {
    requests: outcomes.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    overSlow: slowSent.length,
    noAnswer: outcomes.filter((outcome) => outcome.ms === null).length,
    failures: outcomes.filter((outcome) => outcome.ms !== null && !outcome.ok).length,
    slowSentS: slowSent.length === 0 ? null : [slowSent[0]!, slowSent.at(-1)!],
  };
}

async function getJson<T>(url: string): Promise<{ body: T; headers: Headers }> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return { body: (await response.json()) as T, headers: response.headers };
}

/**
 * The reads of the app at once, as many phones make them (issue 39 item 5): 200 connections, opened
 * together, each taking in turn the nearest 20 from one of 64 places (`GET /api/bathrooms/nearby`),
 * the first-sync snapshot as Brotli (`GET /api/sync/snapshot`), one restroom with its comments
 * (`GET /api/bathrooms/:id`), the app page as a browser asks (`GET /bathrooms`) and a delta pull a
 * few changes behind (`GET /api/sync?since=…`), for `seconds` after a warm-up on connections of its
 * own; then bare Fastify sending one nearby answer from memory through the same client and as many
 * connections, for reference. The client is this process's own (node:http, one socket per
 * connection) rather than autocannon, so that every request is timed by its route and one still
 * unanswered when the time is up is counted, not dropped.
 *
 * `serverStartedAt` is performance.now() when the server first answered: the measured load waits
 * until the server is SERVER_AGE_AT_START_S old, so it spans the first retention sweep.
 */
export async function readMixUnderLoad(server: AppServer, seconds: number, serverStartedAt: number): Promise<ReadMixLoad> {
  const nearbyPaths = searchOrigins(64).map((query) => `/api/bathrooms/nearby?${query}&limit=20`);
  const ids = new Set<string>();
  let firstNearby: unknown;
  for (const path of nearbyPaths.slice(0, 8)) {
    const { body } = await getJson<Array<{ id: string }>>(`${server.url}${path}`);
    firstNearby ??= body;
    for (const { id } of body) ids.add(id);
  }
  const detailPaths = [...ids].map((id) => `/api/bathrooms/${encodeURIComponent(id)}`);
  const seq = Number((await getJson<unknown>(`${server.url}${detailPaths[0]}`)).headers.get('feed-version'));
  if (!Number.isInteger(seq) || seq < 50) throw new Error(`the detail answered feed version ${seq}: the mix needs a feed of at least 50 versions`);
  // A device a few changes behind: small pages, as most delta pulls are.
  const deltaPaths = Array.from({ length: 50 }, (_, behind) => `/api/sync?since=${seq - behind}`);
  const pick = (paths: readonly string[], n: number) => paths[Math.floor(n / READ_MIX_ROUTES.length) % paths.length]!;
  const plan = (n: number): PlannedRequest => {
    const route = READ_MIX_ROUTES[n % READ_MIX_ROUTES.length]!;
    switch (route) {
      case 'nearby':
        return { route, path: pick(nearbyPaths, n), headers: API_HEADERS };
      case 'snapshot':
        return { route, path: '/api/sync/snapshot', headers: API_HEADERS };
      case 'detail':
        return { route, path: pick(detailPaths, n), headers: API_HEADERS };
      case 'page':
        return { route, path: '/bathrooms', headers: PAGE_HEADERS };
      case 'delta':
        return { route, path: pick(deltaPaths, n), headers: API_HEADERS };
    }
  };

  const dir = mkdtempSync(join(tmpdir(), 'allstall-bench-'));
  const payloadFile = join(dir, 'nearby.json');
  writeFileSync(payloadFile, JSON.stringify(firstNearby));
  const bare = await startBareJsonServer(payloadFile);
  try {
    await load(server.url, READ_MIX_CONNECTIONS, WARM_UP_SECONDS, plan);
    await sleep(Math.max(0, serverStartedAt + SERVER_AGE_AT_START_S * 1000 - performance.now()));
    const serverAgeS = (performance.now() - serverStartedAt) / 1000;
    const outcomes = await load(server.url, READ_MIX_CONNECTIONS, seconds, plan);
    const bareNearby = (): PlannedRequest => ({ route: 'nearby', path: '/same', headers: API_HEADERS });
    await load(bare.url, READ_MIX_CONNECTIONS, WARM_UP_SECONDS, bareNearby);
    const bareOutcomes = await load(bare.url, READ_MIX_CONNECTIONS, REFERENCE_SECONDS, bareNearby);
    const ofRoute = (route: ReadMixRoute) => summary(outcomes.filter((outcome) => outcome.route === route));
    const routes = Object.fromEntries(READ_MIX_ROUTES.map((route) => [route, ofRoute(route)])) as Record<ReadMixRoute, RouteLoad>;
    return { routes, mix: summary(outcomes), seconds, referenceSeconds: REFERENCE_SECONDS, bare: summary(bareOutcomes), serverAgeS };
  } finally {
    await bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
