import { EventEmitter } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { handleShutdownSignals } from '../../src/operations/graceful-shutdown.js';

/*
 * The shutdown's rules on a real Fastify server and real connections, with the signals and the exit
 * handed in: what it does with a request in flight, a grace that runs out and a second signal. The
 * built server under load is in reliability/graceful-shutdown.test.ts.
 */

interface Harness {
  app: FastifyInstance;
  url: string;
  signals: EventEmitter;
  /** Resolves with the code the shutdown exits with. */
  exited: Promise<number>;
  /** Resolves when the slow route has its request. */
  slowArrived: Promise<void>;
  releaseSlow: () => void;
  logs: () => string;
  /** What happened, in order: 'answered', 'closed' (an onClose hook), 'exit 0'. */
  events: string[];
}

const harnesses: Harness[] = [];

afterEach(async () => {
  for (const harness of harnesses.splice(0)) {
    harness.releaseSlow();
    await harness.app.close();
  }
});

async function startHarness(graceMs: number): Promise<Harness> {
  let logs = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  const events: string[] = [];
  let releaseSlow = () => {};
  let arrived = () => {};
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (releaseSlow = resolve));
  app.get('/slow', async () => {
    arrived();
    await released;
    events.push('answered');
    return { done: true };
  });
  app.get('/quick', async () => ({ done: true }));
  app.addHook('onClose', async () => {
    events.push('closed');
  });
  const signals = new EventEmitter();
  let exit = (_code: number) => {};
  const exited = new Promise<number>((resolve) => (exit = resolve));
  handleShutdownSignals(app, {
    graceMs,
    signals,
    exit: (code) => {
      events.push(`exit ${code}`);
      exit(code);
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const harness = { app, url: `http://127.0.0.1:${port}`, signals, exited, slowArrived, releaseSlow, logs: () => logs, events };
  harnesses.push(harness);
  return harness;
}

/** A GET on a connection of its own, kept alive as a browser's would be; resolves with the whole answer. */
function get(url: string): Promise<{ response: IncomingMessage; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { connection: 'keep-alive' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ response, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('handleShutdownSignals', () => {
  it('on SIGTERM refuses new connections, answers the request in flight in full with Connection: close, closes the app after it, and exits 0', async () => {
    const harness = await startHarness(60_000);
    const inFlight = get(`${harness.url}/slow`);
    await harness.slowArrived;

    harness.signals.emit('SIGTERM', 'SIGTERM');
    await expect.poll(() => harness.app.server.listening).toBe(false);
    await expect(get(`${harness.url}/quick`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(harness.events).toEqual([]);

    harness.releaseSlow();
    const { response, body } = await inFlight;
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(body)).toEqual({ done: true });
    expect(response.headers.connection).toBe('close');
    expect(await harness.exited).toBe(0);
    expect(harness.events).toEqual(['answered', 'closed', 'exit 0']);
    expect(harness.logs()).toContain('shutting down: no new connections, finishing what is in flight');
    expect(harness.logs()).toContain('shut down cleanly');
  });

  it('exits 1, saying so, when what is in flight does not finish within the grace', async () => {
    const harness = await startHarness(50);
    void get(`${harness.url}/slow`).catch(() => {});
    await harness.slowArrived;

    harness.signals.emit('SIGTERM', 'SIGTERM');
    expect(await harness.exited).toBe(1);
    expect(harness.events).toEqual(['exit 1']);
    expect(harness.logs()).toContain('shutdown grace (SHUTDOWN_GRACE_SECONDS=0.05) ran out with requests unfinished: exiting');
    expect(harness.logs()).toContain('"unfinishedRequests":1');
  });

  it('exits 1 at once on a second signal while finishing what is in flight', async () => {
    const harness = await startHarness(60_000);
    void get(`${harness.url}/slow`).catch(() => {});
    await harness.slowArrived;

    harness.signals.emit('SIGTERM', 'SIGTERM');
    harness.signals.emit('SIGINT', 'SIGINT');
    expect(await harness.exited).toBe(1);
    expect(harness.events).toEqual(['exit 1']);
    expect(harness.logs()).toContain('SIGINT while already shutting down: exiting now, cutting off what is in flight');
  });
});
