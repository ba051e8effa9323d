import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { AppServer } from '../e2e/support/app-server.js';
import { startBareJsonServer } from './support/bare-server.js';
import { syntheticListings } from './support/synthetic-restrooms.js';

export const NEARBY_RATIO_BUDGET = 0.5;
export const NEARBY_P99_BUDGET_MS = 25;

const CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;
const SECONDS = 10;

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers that were not 2xx, plus connection errors and timeouts: should be 0. */
  failures: number;
}

export interface NearbyLoad {
  nearby: LoadResult;
  /** Bare Fastify sending the same answer from memory. */
  sameAnswer: LoadResult;
  /** Bare Fastify sending {"hello":"world"}. */
  hello: LoadResult;
}

/** Places people search from: where the synthetic restrooms are, but not the restrooms themselves. */
export function searchOrigins(count: number): string[] {
  return [...syntheticListings(count, 7)].map(({ restroom }) => `lat=${restroom.latitude}&lng=${restroom.longitude}`);
}

async function load(url: string, paths: readonly string[], seconds: number): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts };
}

/**
 * `GET /api/bathrooms/nearby` (20 nearest, from 64 places around the region in turn) under 50
 * connections, beside plain Fastify answering the same bytes from memory and a hello-world route,
 * in the same run. Each server is its own process; autocannon runs in this one. Both are warmed up
 * first, so neither pays for its JIT in the measured seconds.
 */
export async function nearbyUnderLoad(server: AppServer): Promise<NearbyLoad> {
  const nearbyPaths = searchOrigins(64).map((query) => `/api/bathrooms/nearby?${query}&limit=20`);
  const dir = mkdtempSync(join(tmpdir(), 'allstall-bench-'));
  const payloadFile = join(dir, 'nearby.json');
  writeFileSync(payloadFile, await (await fetch(`${server.url}${nearbyPaths[0]}`)).text());
  const bare = await startBareJsonServer(payloadFile);
  try {
    await load(server.url, nearbyPaths, WARM_UP_SECONDS);
    await load(bare.url, ['/same', '/hello'], WARM_UP_SECONDS);
    const nearby = await load(server.url, nearbyPaths, SECONDS);
    const sameAnswer = await load(bare.url, ['/same'], SECONDS);
    const hello = await load(bare.url, ['/hello'], SECONDS);
    return { nearby, sameAnswer, hello };
  } finally {
    await bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
