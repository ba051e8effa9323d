import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLoopbackProxy, type LoopbackProxy } from './loopback-proxy.js';

export type SlowProxy = LoopbackProxy;

/** How often the slowed answer sends its next piece. */
const TICK_MS = 50;

/**
 * Sends the body as a slow phone connection would: `bytesPerSecond`, a piece every TICK_MS. The
 * pieces are the server's own bytes (compressed as it sent them), only held back.
 */
function sendSlowly(from: IncomingMessage, to: ServerResponse, bytesPerSecond: number): void {
  const perTick = Math.max(1, Math.round((bytesPerSecond * TICK_MS) / 1000));
  let waiting = Buffer.alloc(0);
  let ended = false;
  const timer = setInterval(() => {
    if (waiting.length > 0) {
      to.write(waiting.subarray(0, perTick));
      waiting = waiting.subarray(perTick);
    }
    if (waiting.length === 0 && ended) {
      clearInterval(timer);
      to.end();
    }
  }, TICK_MS);
  from.on('data', (chunk: Buffer) => (waiting = Buffer.concat([waiting, chunk])));
  from.on('end', () => (ended = true));
  from.on('error', () => {
    clearInterval(timer);
    to.destroy();
  });
  to.on('close', () => clearInterval(timer));
}

/**
 * A proxy on 127.0.0.1 in front of the app server that slows the answers whose path starts with
 * `slowPath` to `bytesPerSecond` and passes everything else as it comes. Slowing the connection
 * itself rather than a page's emulated network slows the download whoever makes it: a page, a
 * worker or the service worker.
 */
export function startSlowProxy(targetUrl: string, slowPath: string, bytesPerSecond: number): Promise<SlowProxy> {
  return startLoopbackProxy(targetUrl, (incoming, answer, outgoing) => {
    if ((incoming.url ?? '').startsWith(slowPath)) sendSlowly(answer, outgoing, bytesPerSecond);
    else answer.pipe(outgoing);
  });
}
