import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLoopbackProxy } from './loopback-proxy.js';

/*
 * A proxy in front of the app server for the map pack's download tests: the page opens the app at
 * the proxy's URL, so the pack at /map-pack/… stays on the app's own origin, and the proxy can see
 * every range request the device makes for it, slow its answers, or cut one off part way as a lost
 * connection would. Everything else passes as it comes.
 */

/** What the proxy saw of one request for the pack. */
interface PackRequest {
  method: string;
  path: string;
  /** The request's `Range` and `If-Range`, as the device sent them. */
  range: string | null;
  ifRange: string | null;
  /** The server's status. */
  status: number;
  /** Body bytes passed to the device so far: all of them once the answer is done, or up to where it was cut. */
  sentBytes: number;
}

export interface PackProxy {
  /** Open the app here, not at the server's own address. */
  url: string;
  /** Every request for the pack in the order the answers started; entries grow as their bodies are sent. */
  requests: PackRequest[];
  /**
   * The next answer with a body for the pack (a GET answered 200 or 206) sends `bytes` bytes of it
   * and then drops the connection; once, then answers pass whole again.
   */
  cutAfter(bytes: number): void;
  /** Sends the pack's bodies at this pace from now on, answers already under way included; null is full speed. */
  throttle(bytesPerSecond: number | null): void;
  /** Stops sending the pack's body bytes (headers still pass) until release(). */
  hold(): void;
  release(): void;
  stop(): Promise<void>;
}

const PACK_PATH = '/map-pack/';
/** How often a throttled body gets its next allowance. */
const TICK_MS = 50;
/** Stop reading from the server when this much is waiting to be sent, so a slowed 50 MB body is not held in memory. */
const QUEUE_HIGH_WATER = 256 * 1024;

interface Pace {
  bytesPerSecond: number | null;
  held: boolean;
}

/**
 * Passes one answer's body from the server to the device, as fast as the device reads it or at
 * the pace asked for, and cuts it at `cutAt` bytes when asked.
 */
class BodyRelay {
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private upstreamEnded = false;
  private waitingForDrain = false;
  private done = false;
  private timer: NodeJS.Timeout | undefined;
  private allowance = 0;
  private lastRefill = Date.now();

  constructor(
    private readonly from: IncomingMessage,
    private readonly to: ServerResponse,
    private readonly record: PackRequest,
    private readonly cutAt: number | null,
    private readonly pace: () => Pace,
    private readonly onDone: () => void,
  ) {
    from.on('data', (chunk: Buffer) => {
      this.queue.push(chunk);
      this.queued += chunk.length;
      if (this.queued >= QUEUE_HIGH_WATER) from.pause();
      this.pump();
    });
    from.on('end', () => {
      this.upstreamEnded = true;
      this.pump();
    });
    from.on('error', () => this.finish(() => to.destroy()));
    // The device went away (or the cut below closed it): nothing more to read from the server.
    to.on('close', () => this.finish(() => from.destroy()));
  }

  /** Sends what the pace, the cut and the device's reading allow now; called again whenever one of them changes. */
  pump(): void {
    while (!this.done && this.queue.length > 0) {
      const { bytesPerSecond, held } = this.pace();
      if (held || this.waitingForDrain) return;
      let limit = Number.POSITIVE_INFINITY;
      if (bytesPerSecond !== null) {
        this.refill(bytesPerSecond);
        if (this.allowance < 1) {
          this.later();
          return;
        }
        limit = Math.floor(this.allowance);
      }
      if (this.cutAt !== null) limit = Math.min(limit, this.cutAt - this.record.sentBytes);

      const head = this.queue[0] as Buffer;
      const piece = head.length <= limit ? head : head.subarray(0, limit);
      if (piece.length === head.length) this.queue.shift();
      else this.queue[0] = head.subarray(piece.length);
      this.queued -= piece.length;
      this.allowance -= piece.length;
      this.record.sentBytes += piece.length;

      if (this.cutAt !== null && this.record.sentBytes >= this.cutAt) {
        // Destroyed in the write's callback, once the bytes are handed to the socket: destroying
        // at once could drop them, and the test needs the device to have exactly these bytes.
        this.finish(() => {
          this.from.destroy();
          this.to.write(piece, () => this.to.destroy());
        });
        return;
      }
      if (!this.to.write(piece)) {
        this.waitingForDrain = true;
        this.to.once('drain', () => {
          this.waitingForDrain = false;
          this.pump();
        });
      }
    }
    if (this.done) return;
    if (this.queued < QUEUE_HIGH_WATER && this.from.isPaused()) this.from.resume();
    if (this.upstreamEnded && this.queue.length === 0) this.finish(() => this.to.end());
  }

  private refill(bytesPerSecond: number): void {
    const now = Date.now();
    // At most a tick's worth saved up, so a pace that was held back does not come out as a burst.
    const perTick = (bytesPerSecond * TICK_MS) / 1000;
    this.allowance = Math.min(Math.max(this.allowance, 0) + ((now - this.lastRefill) * bytesPerSecond) / 1000, Math.max(perTick, 1));
    this.lastRefill = now;
  }

  private later(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, TICK_MS);
  }

  private finish(last: () => void): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    this.onDone();
    last();
  }
}

/**
 * Starts the proxy on 127.0.0.1 in front of `targetOrigin` (the app server's URL). Headers pass
 * both ways as they are (Range, If-Range, ETag, Content-Range among them); the bodies are the
 * server's own bytes.
 */
export async function startPackProxy(targetOrigin: string): Promise<PackProxy> {
  const requests: PackRequest[] = [];
  const relays = new Set<BodyRelay>();
  const pace: Pace = { bytesPerSecond: null, held: false };
  let pendingCut: number | null = null;
  const pumpAll = () => {
    for (const relay of relays) relay.pump();
  };

  const proxy = await startLoopbackProxy(targetOrigin, (incoming, answer, outgoing) => {
    const path = incoming.url ?? '/';
    if (!path.startsWith(PACK_PATH)) {
      answer.pipe(outgoing);
      return;
    }
    const status = answer.statusCode ?? 502;
    const header = (name: string) => {
      const value = incoming.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const record: PackRequest = { method: incoming.method ?? 'GET', path, range: header('range'), ifRange: header('if-range'), status, sentBytes: 0 };
    requests.push(record);
    let cutAt: number | null = null;
    if (pendingCut !== null && incoming.method === 'GET' && (status === 200 || status === 206)) {
      cutAt = pendingCut;
      pendingCut = null;
    }
    const relay: BodyRelay = new BodyRelay(answer, outgoing, record, cutAt, () => pace, () => relays.delete(relay));
    relays.add(relay);
  });

  return {
    url: proxy.url,
    requests,
    cutAfter(bytes) {
      if (!Number.isInteger(bytes) || bytes < 1) throw new RangeError(`cutAfter takes a whole number of bytes from 1, not ${bytes}.`);
      pendingCut = bytes;
    },
    throttle(bytesPerSecond) {
      if (bytesPerSecond !== null && !(bytesPerSecond > 0)) throw new RangeError(`throttle takes bytes per second above 0, or null; not ${bytesPerSecond}.`);
      pace.bytesPerSecond = bytesPerSecond;
      pumpAll();
    },
    hold() {
      pace.held = true;
    },
    release() {
      pace.held = false;
      pumpAll();
    },
    stop: proxy.stop,
  };
}
