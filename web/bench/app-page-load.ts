import { request } from 'node:http';
import autocannon from 'autocannon';
import type { AppServer } from '../e2e/support/app-server.js';
import type { LoadResult } from './nearby-load.js';
import { startBareStaticServer } from './support/bare-server.js';

const CONNECTIONS = 200;
const WARM_UP_SECONDS = 3;
const SECONDS = 10;
const PAGE = '/bathrooms';
/** What Chromium sends when a person opens the app. */
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

export interface AppPageLoad {
  page: LoadResult;
  /** Bare Fastify and @fastify/static sending the same file from the same build. */
  bare: LoadResult;
  /** The Content-Encoding the api answered with, and the bytes of its body. */
  encoding: string;
  bodyBytes: number;
}

/** One request's Content-Encoding and body size, undecoded (fetch would decode it). */
function encodedAnswer(url: string): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const asked = request(`${url}${PAGE}`, { headers: BROWSER_HEADERS }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`GET ${PAGE} answered ${response.statusCode}`));
        else resolve({ encoding: String(response.headers['content-encoding'] ?? 'none'), bytes });
      });
    });
    asked.on('error', reject);
    asked.end();
  });
}

async function load(url: string, seconds: number): Promise<LoadResult> {
  const result = await autocannon({ url: `${url}${PAGE}`, connections: CONNECTIONS, duration: seconds, headers: BROWSER_HEADERS });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts };
}

/**
 * The app page as a browser opens it (`GET /bathrooms`, Accept-Encoding with br) under 200
 * connections, beside bare Fastify and @fastify/static sending the same build's index.html (its
 * .br copy) in the same run. Each server is its own process; autocannon runs in this one. Both are
 * warmed up first. Before the build's copies, the api compressed the page anew for every request.
 */
export async function appPageUnderLoad(server: AppServer, webDistDir: string): Promise<AppPageLoad> {
  const bare = await startBareStaticServer(webDistDir);
  try {
    const answer = await encodedAnswer(server.url);
    await load(server.url, WARM_UP_SECONDS);
    await load(bare.url, WARM_UP_SECONDS);
    const page = await load(server.url, SECONDS);
    const bareLoad = await load(bare.url, SECONDS);
    return { page, bare: bareLoad, encoding: answer.encoding, bodyBytes: answer.bytes };
  } finally {
    await bare.stop();
  }
}
