import type { Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/*
 * Stopping on SIGTERM (a deployment, a supervisor, a rolling restart) or SIGINT (Ctrl-C) without
 * dropping anyone: docs/operations.md#shutting-down.
 *
 * `app.close()` does most of it: Fastify stops listening (new connections are refused, so a load
 * balancer sends them to another instance), closes the keep-alive connections that are idle, waits
 * for the requests in flight, and only then runs the plugins' onClose hooks (import runs stop between
 * steps, timers are cleared, the database is closed and SQLite checkpoints its WAL). What it leaves
 * to us: a connection busy when the signal came would be kept alive after its answer, idle, until the
 * keep-alive timeout (72 s in Fastify), holding the shutdown up; and nothing bounds a request that
 * never ends.
 */

/** The part of the Fastify app a shutdown uses; tests may pass a smaller stand-in. */
export interface ShutdownTarget {
  readonly server: Server;
  readonly log: FastifyBaseLogger;
  close(): PromiseLike<unknown>;
}

export interface GracefulShutdownOptions {
  /** How long requests in flight get to finish before the process exits non-zero anyway. */
  graceMs: number;
  /** Ends the process; `process.exit` outside tests. */
  exit?: (code: number) => void;
  /** Where the signals come from; `process` outside tests. */
  signals?: { on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown };
}

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Listens for SIGTERM and SIGINT. The first closes the app gracefully and exits 0 once everything is
 * closed; running out of `graceMs`, a failed close or a second signal exits 1 with a log line saying why.
 * Call it before `listen`, so every request is seen.
 */
export function handleShutdownSignals(
  app: ShutdownTarget,
  { graceMs, exit = (code) => process.exit(code), signals = process }: GracefulShutdownOptions,
): void {
  const inFlight = new Set<ServerResponse>();
  let shuttingDown = false;

  // Prepended, so it runs before Fastify's handler can write an answer.
  app.server.prependListener('request', (_request, response: ServerResponse) => {
    inFlight.add(response);
    if (shuttingDown) response.shouldKeepAlive = false;
    response.once('close', () => {
      inFlight.delete(response);
      // The answer is out: its connection is idle now, and a client must not send another on it.
      if (shuttingDown) setImmediate(() => app.server.closeIdleConnections());
    });
  });

  const shutDown = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      app.log.error({ signal, unfinishedRequests: inFlight.size }, `${signal} while already shutting down: exiting now, cutting off what is in flight`);
      exit(1);
      return;
    }
    shuttingDown = true;
    const started = Date.now();
    app.log.info({ signal, inFlightRequests: inFlight.size, graceSeconds: graceMs / 1000 }, 'shutting down: no new connections, finishing what is in flight');
    // Answers not begun yet say `Connection: close`, so their clients open their next connection elsewhere.
    for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
    const giveUp = setTimeout(() => {
      app.log.error(
        { signal, unfinishedRequests: inFlight.size, graceSeconds: graceMs / 1000 },
        `shutdown grace (SHUTDOWN_GRACE_SECONDS=${graceMs / 1000}) ran out with requests unfinished: exiting`,
      );
      exit(1);
    }, graceMs);
    Promise.resolve(app.close()).then(
      () => {
        clearTimeout(giveUp);
        app.log.info({ signal, ms: Date.now() - started }, 'shut down cleanly');
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(giveUp);
        app.log.error({ err: error, signal }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of SHUTDOWN_SIGNALS) signals.on(signal, shutDown);
}
