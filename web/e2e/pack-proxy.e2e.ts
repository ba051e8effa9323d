import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startPackProxy, type PackProxy } from './support/pack-proxy.js';

/*
 * The pack proxy's own test, with no browser: a small origin that answers ranges as the api does,
 * and requests made by hand so the bytes that reach the device before a cut can be counted exactly.
 */

const PACK = randomBytes(200_000);
const ETAG = '"pack-tag"';
const PACK_PATH = '/map-pack/v1.pmtiles';

/** Answers the pack by ranges (one range, If-Range on the exact tag), and says what request headers reached it. */
function startOrigin(): Promise<Server> {
  const server = createServer((req, res) => {
    const seen = { 'x-seen-range': req.headers.range ?? '', 'x-seen-if-range': req.headers['if-range'] ?? '' };
    if (req.url !== PACK_PATH) {
      res.writeHead(200, { ...seen, 'content-type': 'text/plain', 'x-other': 'kept' });
      res.end('not the pack');
      return;
    }
    const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const ifRangeHolds = req.headers['if-range'] === undefined || req.headers['if-range'] === ETAG;
    const headers = { ...seen, etag: ETAG, 'accept-ranges': 'bytes', 'content-type': 'application/vnd.pmtiles' };
    let body = PACK;
    if (match && ifRangeHolds) {
      const first = Number(match[1]);
      const last = match[2] === '' ? PACK.length - 1 : Math.min(Number(match[2]), PACK.length - 1);
      body = PACK.subarray(first, last + 1);
      res.writeHead(206, { ...headers, 'content-length': body.length, 'content-range': `bytes ${first}-${last}/${PACK.length}` });
    } else {
      res.writeHead(200, { ...headers, 'content-length': body.length });
    }
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Whether the whole body arrived, rather than the connection closing part way. */
  complete: boolean;
  ms: number;
}

/** A request by hand: node:http says whether the body was cut short, and every byte before the cut is counted. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A cut answer ends in an 'aborted' error; what arrived is what the test looks at.
      res.on('error', () => undefined);
      res.on('close', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), complete: res.complete, ms: Date.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the pack proxy', () => {
  let origin: Server;
  let proxy: PackProxy;

  before(async () => {
    origin = await startOrigin();
    proxy = await startPackProxy(`http://127.0.0.1:${(origin.address() as AddressInfo).port}`);
  });
  after(async () => {
    await proxy.stop();
    await new Promise((resolve) => origin.close(resolve));
  });

  it('passes requests and answers through as they are, and records only those for the pack', async () => {
    const start = proxy.requests.length;
    const ranged = await get(`${proxy.url}${PACK_PATH}`, { Range: 'bytes=100-199', 'If-Range': ETAG });
    assert.equal(ranged.status, 206);
    assert.equal(ranged.headers['content-range'], `bytes 100-199/${PACK.length}`);
    assert.equal(ranged.headers.etag, ETAG);
    assert.equal(ranged.headers['accept-ranges'], 'bytes');
    assert.equal(ranged.headers['x-seen-range'], 'bytes=100-199');
    assert.equal(ranged.headers['x-seen-if-range'], ETAG);
    assert.ok(ranged.complete);
    assert.deepEqual(ranged.body, PACK.subarray(100, 200));

    const other = await get(`${proxy.url}/api/config`);
    assert.equal(other.headers['x-other'], 'kept');
    assert.equal(other.body.toString(), 'not the pack');

    const head = await get(`${proxy.url}${PACK_PATH}`, {}, 'HEAD');
    assert.equal(head.headers['content-length'], String(PACK.length));

    assert.deepEqual(proxy.requests.slice(start), [
      { method: 'GET', path: PACK_PATH, range: 'bytes=100-199', ifRange: ETAG, status: 206, sentBytes: 100 },
      { method: 'HEAD', path: PACK_PATH, range: null, ifRange: null, status: 200, sentBytes: 0 },
    ]);
  });

  it('cuts the next answer after exactly the bytes asked, once, and a range request resumes from there', async () => {
    const start = proxy.requests.length;
    proxy.cutAfter(12_345);
    const cut = await get(`${proxy.url}${PACK_PATH}`);
    assert.equal(cut.status, 200);
    assert.equal(cut.complete, false);
    assert.equal(cut.body.length, 12_345);
    assert.deepEqual(cut.body, PACK.subarray(0, 12_345));

    const resumed = await get(`${proxy.url}${PACK_PATH}`, { Range: 'bytes=12345-', 'If-Range': ETAG });
    assert.equal(resumed.status, 206);
    assert.ok(resumed.complete);
    assert.deepEqual(Buffer.concat([cut.body, resumed.body]), PACK);

    assert.deepEqual(
      proxy.requests.slice(start).map(({ range, status, sentBytes }) => ({ range, status, sentBytes })),
      [
        { range: null, status: 200, sentBytes: 12_345 },
        { range: 'bytes=12345-', status: 206, sentBytes: PACK.length - 12_345 },
      ],
    );
  });

  it('sends at the pace asked, so the bytes rise a little at a time, and at full speed again once told', async () => {
    proxy.throttle(20_000);
    try {
      const download = get(`${proxy.url}${PACK_PATH}`);
      await wait(500);
      const record = proxy.requests.at(-1);
      assert.ok(record);
      // Half a second at 20 kB/s: some bytes, nowhere near the 200 kB.
      assert.ok(record.sentBytes > 0 && record.sentBytes <= 20_000, `sent ${record.sentBytes} bytes in 500 ms at 20 kB/s`);
      proxy.throttle(null);
      const answer = await download;
      assert.ok(answer.complete);
      assert.deepEqual(answer.body, PACK);
      assert.equal(record.sentBytes, PACK.length);
    } finally {
      proxy.throttle(null);
    }
  });

  it('holds the body back until released, the headers already sent', async () => {
    proxy.hold();
    try {
      const download = get(`${proxy.url}${PACK_PATH}`, { Range: 'bytes=0-999' });
      await wait(300);
      const record = proxy.requests.at(-1);
      assert.deepEqual(record && { range: record.range, status: record.status, sentBytes: record.sentBytes }, { range: 'bytes=0-999', status: 206, sentBytes: 0 });
      proxy.release();
      const answer = await download;
      assert.ok(answer.complete);
      assert.deepEqual(answer.body, PACK.subarray(0, 1000));
    } finally {
      proxy.release();
    }
  });
});
