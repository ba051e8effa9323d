import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Agent, createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startThrottlingProxy, type LinkProfile, type ThrottlingProxy } from './support/throttling-proxy.js';

/*
 * The throttling proxy's own test, with no browser: a small origin on 127.0.0.1 and requests made
 * by hand. Times are checked from below only: nothing may cross the link faster than the link
 * allows, whereas a busy machine may always make it slower.
 */

const LINK: LinkProfile = {
  name: 'the test link: 200 kB/s down, 100 kB/s up, 100 ms each way',
  down: { bytesPerSecond: 200_000, delayMs: 100 },
  up: { bytesPerSecond: 100_000, delayMs: 100 },
};
const ROUND_TRIP_MS = LINK.down.delayMs + LINK.up.delayMs;
/** Timers may fire a millisecond before the time asked, as the clocks round it. */
const CLOCK_SLACK_MS = 5;
const BODY = randomBytes(400_000);

/** `/bytes/N` answers the first N bytes of BODY; anything else answers 'ok'. */
function startOrigin(): Promise<Server> {
  const server = createServer((req, res) => {
    const match = /^\/bytes\/(\d+)$/.exec(req.url ?? '');
    const body = match ? BODY.subarray(0, Number(match[1])) : Buffer.from('ok');
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Answer {
  body: Buffer;
  /** Whether the whole body arrived, rather than the connection closing part way. */
  complete: boolean;
  /** From the request to its last byte. */
  ms: number;
}

function get(url: string, agent: Agent | false = false): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(url, { agent }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A cut answer ends in an error; what arrived is what the test looks at.
      res.on('error', () => undefined);
      res.on('close', () => resolve({ body: Buffer.concat(chunks), complete: res.complete, ms: performance.now() - started }));
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end();
  });
}

/**
 * One request written by hand on a socket of its own, so every byte each way is counted: resolves
 * with what came back (headers and body) once the connection has closed, whichever way.
 */
function rawGet(proxy: ThrottlingProxy, path: string): { sent: number; received: Promise<Buffer> } {
  const { port } = new URL(proxy.url);
  const head = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;
  const socket = connect(Number(port), '127.0.0.1', () => socket.write(head));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  return { sent: Buffer.byteLength(head), received: new Promise((resolve) => socket.on('close', () => resolve(Buffer.concat(chunks)))) };
}

const transferMs = (bytes: number) => (bytes * 1000) / LINK.down.bytesPerSecond;
const waitFor = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited 60 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the throttling proxy', () => {
  let origin: Server;
  let originUrl: string;
  let proxy: ThrottlingProxy;

  before(async () => {
    origin = await startOrigin();
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    proxy = await startThrottlingProxy(originUrl, LINK);
  });
  after(async () => {
    await proxy.stop();
    origin.closeAllConnections();
    await new Promise((resolve) => origin.close(resolve));
  });

  it('passes the bytes unchanged, no faster than the bandwidth down, after a round trip for the handshake and one for the request', async () => {
    const bytes = 300_000;
    const answer = await get(`${proxy.url}/bytes/${bytes}`);
    assert.ok(answer.complete);
    assert.deepEqual(answer.body, BODY.subarray(0, bytes));
    const floor = transferMs(bytes) + 2 * ROUND_TRIP_MS;
    assert.ok(answer.ms >= floor - CLOCK_SLACK_MS, `300 kB at 200 kB/s took ${answer.ms.toFixed(0)} ms, under the link's ${floor} ms`);
  });

  it('takes at least a round trip for each request, and two on a new connection, keep-alive included', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(`${proxy.url}/hello`, agent);
      const second = await get(`${proxy.url}/hello`, agent);
      assert.equal(first.body.toString(), 'ok');
      assert.equal(second.body.toString(), 'ok');
      assert.ok(first.ms >= 2 * ROUND_TRIP_MS - CLOCK_SLACK_MS, `a request on a new connection took ${first.ms.toFixed(0)} ms`);
      assert.ok(second.ms >= ROUND_TRIP_MS - CLOCK_SLACK_MS, `a request on the kept connection took ${second.ms.toFixed(0)} ms`);
    } finally {
      agent.destroy();
    }
  });

  it('shares the bandwidth between parallel connections: neither finishes before both could have', async () => {
    const bytes = 200_000;
    const started = performance.now();
    const answers = await Promise.all([get(`${proxy.url}/bytes/${bytes}`), get(`${proxy.url}/bytes/${bytes}`)]);
    const together = performance.now() - started;
    for (const answer of answers) {
      assert.ok(answer.complete);
      assert.deepEqual(answer.body, BODY.subarray(0, bytes));
    }
    assert.ok(together >= transferMs(2 * bytes) - CLOCK_SLACK_MS, `two 200 kB answers took ${together.toFixed(0)} ms together`);
    // Taking turns: the first to finish waited for nearly all of the other's bytes too, not for its own alone.
    const earlier = Math.min(...answers.map((answer) => answer.ms));
    assert.ok(earlier >= transferMs(2 * bytes - 2 * 1460) - CLOCK_SLACK_MS, `the first of two parallel answers took ${earlier.toFixed(0)} ms`);
  });

  it('counts every byte each way', async () => {
    const down = proxy.bytesDown();
    const up = proxy.bytesUp();
    const raw = rawGet(proxy, '/bytes/50000');
    const received = await raw.received;
    assert.ok(received.subarray(-50_000).equals(BODY.subarray(0, 50_000)));
    assert.equal(proxy.bytesDown() - down, received.length);
    assert.equal(proxy.bytesUp() - up, raw.sent);
  });

  it('cuts every open connection at once, and refuses new ones until restored', async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      const idle = await get(`${proxy.url}/hello`, agent);
      assert.equal(idle.body.toString(), 'ok');
      const idleSocketClosed = new Promise<void>((resolve) => {
        const [socket] = Object.values(agent.freeSockets).flat();
        assert.ok(socket, 'the agent keeps the connection');
        socket.once('close', () => resolve());
      });
      const down = proxy.bytesDown();
      const downloads = [get(`${proxy.url}/bytes/400000`), get(`${proxy.url}/bytes/400000`)];
      await waitFor(() => proxy.bytesDown() - down > 20_000, 'the downloads to start');
      proxy.cut({ refuse: true });
      for (const answer of await Promise.all(downloads)) {
        assert.equal(answer.complete, false);
        assert.ok(answer.body.length < 400_000);
      }
      await idleSocketClosed;
      await assert.rejects(get(`${proxy.url}/hello`), /ECONNRESET|socket hang up/);
      proxy.restore();
      assert.equal((await get(`${proxy.url}/hello`)).body.toString(), 'ok');
    } finally {
      proxy.restore();
      agent.destroy();
    }
  });

  it('cuts after exactly the bytes asked, reaching the phone, then lets new connections through', async () => {
    const down = proxy.bytesDown();
    const cut = proxy.cutAfterBytes(12_345);
    const received = await rawGet(proxy, '/bytes/400000').received;
    await cut;
    assert.equal(received.length, 12_345);
    assert.equal(proxy.bytesDown() - down, 12_345);
    const body = received.subarray(received.indexOf('\r\n\r\n') + 4);
    assert.ok(body.equals(BODY.subarray(0, body.length)), 'the body as the server sent it, up to the cut');
    assert.equal((await get(`${proxy.url}/hello`)).body.toString(), 'ok');
  });
});
