import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

/*
 * A phone's one radio link, put between the browser and the app server on 127.0.0.1. It works on
 * TCP, not HTTP: whatever passes (HTTP/1.1 with keep-alive, many parallel connections of a page,
 * its workers and its service worker) passes unchanged, only held back as the link holds it. Every
 * connection shares the link's bandwidth in each direction, as the connections of one phone share
 * its radio; each piece then arrives one way's delay after it has been sent.
 */

/** One direction of the link. */
interface LinkDirection {
  bytesPerSecond: number;
  /** How long a piece takes to arrive once sent; a round trip is the two directions' delays added. */
  delayMs: number;
}

export interface LinkProfile {
  /** In words, for a figure's name: '1.6 Mbit/s down, 150 ms round trip'. */
  name: string;
  /** Towards the phone. */
  down: LinkDirection;
  /** From the phone. */
  up: LinkDirection;
}

const kilobitsPerSecond = (kbits: number) => (kbits * 1000) / 8;

/** A phone on a fair 3G signal. */
export const PHONE_3G: LinkProfile = {
  name: '3G: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip',
  down: { bytesPerSecond: kilobitsPerSecond(1600), delayMs: 75 },
  up: { bytesPerSecond: kilobitsPerSecond(750), delayMs: 75 },
};

/** One bar of signal. */
export const ONE_BAR: LinkProfile = {
  name: 'one bar: 400 kbit/s each way, 400 ms round trip',
  down: { bytesPerSecond: kilobitsPerSecond(400), delayMs: 200 },
  up: { bytesPerSecond: kilobitsPerSecond(400), delayMs: 200 },
};

export interface ThrottlingProxy {
  /** Open the app here, not at the server's own address. */
  url: string;
  /** Bytes the link has delivered to the phone, and from it to the server, since the proxy started. */
  bytesDown(): number;
  bytesUp(): number;
  /** Connections the phone has opened through the proxy (refused ones included). */
  connections(): number;
  /**
   * Drops every open connection at once, as a lost signal does: the phone's side is reset, and what
   * was still on its way is lost. With `refuse`, new connections are reset too until restore().
   */
  cut(options?: { refuse?: boolean }): void;
  /**
   * Lets `bytes` more bytes reach the phone from now on, exactly, then cuts as cut() does. Resolves
   * once it has cut.
   */
  cutAfterBytes(bytes: number, options?: { refuse?: boolean }): Promise<void>;
  /** Accepts new connections again after a cut that refused them. */
  restore(): void;
  stop(): Promise<void>;
}

/*
 * The link sends a connection's bytes in pieces of about a TCP segment, taking turns between the
 * connections that have something to send, so parallel downloads share the bandwidth evenly.
 */
const PIECE_BYTES = 1460;
/** Stop reading from a socket when this much of it waits for the link: a slow link must not hold a whole 14 MB answer in memory. */
const QUEUE_HIGH_WATER = 64 * 1024;

/** One direction of one connection: bytes read from `source`, sent over the link, written to `destination`. */
class Flow {
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private readonly onTheWay: Array<{ due: number; piece: Buffer }> = [];
  private arrivalTimer: NodeJS.Timeout | undefined;
  private sourceEnded = false;
  private closed = false;

  constructor(
    private readonly source: Socket,
    private readonly destination: Socket,
    private readonly link: SharedLink,
  ) {
    source.on('data', (chunk: Buffer) => {
      if (this.closed) return;
      this.queue.push(chunk);
      this.queued += chunk.length;
      if (this.queued >= QUEUE_HIGH_WATER) source.pause();
      link.wake();
    });
    source.on('end', () => {
      this.sourceEnded = true;
      this.endIfDone();
    });
    link.flows.add(this);
  }

  get waiting(): boolean {
    return this.queued > 0;
  }

  /** Hands the link the next piece of up to `bytes` bytes. */
  take(bytes: number): Buffer {
    const head = this.queue[0]!;
    const piece = head.length <= bytes ? head : head.subarray(0, bytes);
    if (piece.length === head.length) this.queue.shift();
    else this.queue[0] = head.subarray(piece.length);
    this.queued -= piece.length;
    if (this.queued < QUEUE_HIGH_WATER / 2 && this.source.isPaused() && !this.sourceEnded) this.source.resume();
    return piece;
  }

  /** The link has sent `piece`; it arrives at `due` (performance.now()), after the pieces sent before it. */
  arriveAt(piece: Buffer, due: number): void {
    this.onTheWay.push({ due, piece });
    this.armArrival();
  }

  private armArrival(): void {
    const next = this.onTheWay[0];
    if (this.arrivalTimer !== undefined || next === undefined || this.closed) return;
    this.arrivalTimer = setTimeout(() => {
      this.arrivalTimer = undefined;
      this.arrive();
    }, Math.max(0, next.due - performance.now()));
  }

  private arrive(): void {
    const now = performance.now();
    while (!this.closed && this.onTheWay.length > 0 && this.onTheWay[0]!.due <= now) {
      const { piece } = this.onTheWay.shift()!;
      this.link.deliver(piece, this.destination);
    }
    this.armArrival();
    this.endIfDone();
  }

  /** Passes the source's end on once everything it sent before has arrived. */
  private endIfDone(): void {
    if (this.closed || !this.sourceEnded || this.queued > 0 || this.onTheWay.length > 0) return;
    this.destination.end();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.arrivalTimer);
    this.queue.length = 0;
    this.onTheWay.length = 0;
    this.queued = 0;
    this.link.flows.delete(this);
  }
}

/**
 * One direction of the link, shared by every connection: a piece is sent only when the link has
 * finished sending the one before it (pieces take size ÷ bandwidth each), so no span of time ever
 * carries more than its share of bytes, however many connections there are.
 */
class SharedLink {
  readonly flows = new Set<Flow>();
  private turn: Flow[] = [];
  /** When the link finishes sending what it has taken so far (performance.now()). */
  private freeAt = 0;
  private sendTimer: NodeJS.Timeout | undefined;
  delivered = 0;
  /** A cut to come: this many more bytes pass, then `cut` runs once they are written. */
  cutAhead: { remaining: number; cut: () => void } | null = null;
  /** The cut's last byte is written and the cut about to run: nothing more reaches anyone. */
  private severed = false;

  constructor(private readonly direction: LinkDirection) {}

  /** Something new waits to be sent. */
  wake(): void {
    if (this.sendTimer !== undefined) return;
    // An idle link saves nothing up: its next piece starts now, not back when it fell idle.
    this.freeAt = Math.max(this.freeAt, performance.now());
    this.send();
  }

  private send(): void {
    const now = performance.now();
    // Every piece whose turn has come, in case the timer fired late: the link keeps its rate on
    // average rather than losing the time the machine was busy elsewhere.
    while (this.freeAt <= now) {
      const flow = this.nextFlow();
      if (flow === undefined) return;
      const piece = flow.take(PIECE_BYTES);
      this.freeAt += (piece.length * 1000) / this.direction.bytesPerSecond;
      flow.arriveAt(piece, this.freeAt + this.direction.delayMs);
    }
    if (this.nextFlowWaiting()) {
      this.sendTimer = setTimeout(() => {
        this.sendTimer = undefined;
        this.send();
      }, this.freeAt - now);
    }
  }

  /** The connections take turns, one piece each. */
  private nextFlow(): Flow | undefined {
    if (this.turn.length === 0) this.turn = [...this.flows].filter((flow) => flow.waiting);
    while (this.turn.length > 0) {
      const flow = this.turn.shift()!;
      if (flow.waiting && this.flows.has(flow)) return flow;
    }
    return undefined;
  }

  private nextFlowWaiting(): boolean {
    return [...this.flows].some((flow) => flow.waiting);
  }

  deliver(piece: Buffer, destination: Socket): void {
    if (this.severed) return;
    const ahead = this.cutAhead;
    if (ahead === null || piece.length < ahead.remaining) {
      if (ahead !== null) ahead.remaining -= piece.length;
      this.delivered += piece.length;
      destination.write(piece);
      return;
    }
    this.cutAhead = null;
    this.severed = true;
    const last = piece.subarray(0, ahead.remaining);
    this.delivered += last.length;
    // Cut in the write's callback, once the last bytes are handed to the socket: cutting at once
    // could drop them, and a test counts exactly what reached the phone.
    destination.write(last, () => {
      ahead.cut();
      this.severed = false;
    });
  }

  close(): void {
    clearTimeout(this.sendTimer);
    this.sendTimer = undefined;
    for (const flow of [...this.flows]) flow.close();
  }
}

/**
 * Starts the proxy on 127.0.0.1 in front of `targetUrl` (the app server's URL) with the link
 * `profile`. A new connection also waits one round trip before its first byte goes up, the
 * handshake a phone pays before it can send a request.
 */
export async function startThrottlingProxy(targetUrl: string, profile: LinkProfile): Promise<ThrottlingProxy> {
  for (const [side, direction] of [['down', profile.down] as const, ['up', profile.up] as const]) {
    if (!(direction.bytesPerSecond > 0) || !(direction.delayMs >= 0)) throw new RangeError(`${profile.name}: the ${side} link needs bytes per second above 0 and a delay of 0 ms or more`);
  }
  const target = new URL(targetUrl);
  const down = new SharedLink(profile.down);
  const up = new SharedLink(profile.up);
  const roundTripMs = profile.down.delayMs + profile.up.delayMs;
  const open = new Set<{ phone: Socket; server: Socket; drop: () => void }>();
  let accepted = 0;
  let refusing = false;

  const cutEverything = (refuse: boolean) => {
    if (refuse) refusing = true;
    for (const connection of [...open]) connection.drop();
  };

  const server = createServer({ allowHalfOpen: true, pauseOnConnect: true }, (phone) => {
    accepted++;
    if (refusing) {
      phone.resetAndDestroy();
      return;
    }
    const toServer = createConnection({ host: target.hostname, port: Number(target.port), allowHalfOpen: true });
    const flows = [new Flow(phone, toServer, up), new Flow(toServer, phone, down)];
    const handshake = setTimeout(() => phone.resume(), roundTripMs);
    let dropped = false;
    const connection = {
      phone,
      server: toServer,
      drop: () => {
        if (dropped) return;
        dropped = true;
        clearTimeout(handshake);
        for (const flow of flows) flow.close();
        open.delete(connection);
        if (!phone.destroyed) phone.resetAndDestroy();
        toServer.destroy();
      },
    };
    open.add(connection);
    // Either side gone for good (closed, reset, failed) takes the other with it.
    for (const socket of [phone, toServer]) {
      socket.on('error', () => connection.drop());
      socket.on('close', () => connection.drop());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    bytesDown: () => down.delivered,
    bytesUp: () => up.delivered,
    connections: () => accepted,
    cut: ({ refuse = false } = {}) => cutEverything(refuse),
    cutAfterBytes: (bytes, { refuse = false } = {}) => {
      if (!Number.isInteger(bytes) || bytes < 1) throw new RangeError(`cutAfterBytes takes a whole number of bytes from 1, not ${bytes}.`);
      return new Promise<void>((done) => {
        down.cutAhead = {
          remaining: bytes,
          cut: () => {
            cutEverything(refuse);
            done();
          },
        };
      });
    },
    restore: () => {
      refusing = false;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        down.cutAhead = null;
        cutEverything(true);
        down.close();
        up.close();
        server.close(() => resolve());
      }),
  };
}
