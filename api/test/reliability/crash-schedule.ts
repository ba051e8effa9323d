import type { ApiProcess } from './api-process.js';

/** The most a crash waits after its turn comes, so it falls at any point of the requests on the wire. */
const CRASH_JITTER_MS = 200;

/** A plan of SIGKILLs spread over a run of writes; feed it every acknowledgement. */
export interface CrashSchedule {
  /** Counts an acknowledgement; a crash whose turn has come is started (one at a time). */
  acknowledged(): void;
  /** Waits for the crash under way, if any; rejects if a restart failed. */
  settled(): Promise<void>;
  /** Aborted when a restart failed, so the writer stops retrying against a server that is gone for good. */
  readonly failed: AbortSignal;
}

/**
 * Kills `api` `crashes` times while `writeCount` writes go through: the run is cut into `crashes + 1`
 * equal stretches of acknowledgements, and in each but the last the crash comes at a random point,
 * then a random few milliseconds later, while other writes are on the wire. Counting acknowledgements
 * rather than milliseconds keeps the number of crashes, and so the run time, the same on a fast
 * machine and a slow one: each restart loads the TypeScript sources again, which takes seconds.
 */
export function crashSchedule(api: ApiProcess, crashes: number, writeCount: number): CrashSchedule {
  const stretch = writeCount / (crashes + 1);
  const turns = Array.from({ length: crashes }, (_, index) => Math.floor((index + Math.random()) * stretch));
  const failure = new AbortController();
  let acknowledgements = 0;
  let underWay: Promise<void> | undefined;
  return {
    acknowledged() {
      acknowledgements++;
      const turn = turns[0];
      if (underWay !== undefined || turn === undefined || acknowledgements < turn) return;
      turns.shift();
      underWay = (async () => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * CRASH_JITTER_MS));
        await api.crashAndRestart();
      })()
        .catch((error: unknown) => {
          failure.abort(error);
          throw error;
        })
        .finally(() => {
          underWay = undefined;
        });
      // The failure reaches the test through `failed` and `settled`.
      underWay.catch(() => {});
    },
    async settled() {
      await underWay;
      if (failure.signal.aborted) throw failure.signal.reason;
    },
    failed: failure.signal,
  };
}
