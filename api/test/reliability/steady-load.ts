import { IDEMPOTENCY_KEY_HEADER } from '@allstall/shared';
import { WRITE_HEADERS } from '../support/helpers.js';
import { crashWrites, type CrashWrite } from './crash-writes.js';

/*
 * Several clients reading the feed and writing (each write under its own Idempotency-Key) one request
 * after another, for the shutdown tests. Every request ends one of three ways, told apart as a
 * person's device would see them: answered in full, no answer at all (refused or reset before any
 * byte: the outbox sends it again later), or cut off after the answer began (which a graceful
 * shutdown must never do).
 */

export interface LoadOptions {
  baseUrl: string;
  cookie: string;
  /** The restroom the comments are about. */
  restroomId: string;
  clients: number;
  /** A client stops at its first request that gets no answer (the server is gone) rather than going on. */
  stopAtNoAnswer: boolean;
}

interface LoadOutcome {
  /** Writes answered with 2xx and the row's key in the answer. */
  acknowledged: CrashWrite[];
  /** Writes that got no answer: never reached the server, or reached one that closed before answering. */
  unanswered: CrashWrite[];
  /** Requests answered with anything but a 2xx, or cut off in the middle of their answer. */
  failed: string[];
  reads: number;
  /** Requests sent before `markSignal()` and answered in full after it: in flight when the signal went. */
  finishedAfterSignal: number;
}

export interface SteadyLoad {
  acknowledgedCount(): number;
  /** Resolves once `count` writes have been acknowledged in all. */
  untilAcknowledged(count: number): Promise<void>;
  /** Notes that a signal was just sent, for `finishedAfterSignal`. */
  markSignal(): void;
  /** Lets every client finish its request and stop (or waits for those that stopped at no answer). */
  stop(): Promise<LoadOutcome>;
}

const ANSWER_TIMEOUT_MS = 30_000;
const PLANNED_WRITES = 20_000;

export function startSteadyLoad({ baseUrl, cookie, restroomId, clients, stopAtNoAnswer }: LoadOptions): SteadyLoad {
  const plan = crashWrites(PLANNED_WRITES, restroomId);
  let nextWrite = 0;
  let stopping = false;
  let signalSent = false;
  const outcome: LoadOutcome = { acknowledged: [], unanswered: [], failed: [], reads: 0, finishedAfterSignal: 0 };
  const waiters: Array<{ count: number; resolve: () => void }> = [];

  const acknowledge = (write: CrashWrite) => {
    outcome.acknowledged.push(write);
    for (const waiter of waiters.filter(({ count }) => outcome.acknowledged.length >= count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };

  const client = async () => {
    for (let turn = 0; !stopping; turn++) {
      const write = turn % 2 === 1 ? plan[nextWrite++] : undefined;
      if (turn % 2 === 1 && write === undefined) throw new Error('the load ran out of planned writes');
      const sentBeforeSignal = !signalSent;
      const answer =
        write === undefined
          ? await send(`${baseUrl}/api/sync`, { headers: { cookie } })
          : await send(`${baseUrl}${write.url}`, {
              method: 'POST',
              headers: { ...WRITE_HEADERS, 'content-type': 'application/json', cookie, [IDEMPOTENCY_KEY_HEADER]: write.key },
              body: JSON.stringify(write.body),
            });
      const what = write === undefined ? 'GET /api/sync' : `POST ${write.url} ${write.key}`;
      if (answer.kind === 'no answer') {
        if (write !== undefined) outcome.unanswered.push(write);
        if (stopAtNoAnswer) return;
        outcome.failed.push(`${what}: no answer`);
        continue;
      }
      if (answer.kind === 'cut off') {
        outcome.failed.push(`${what}: cut off mid-answer`);
        continue;
      }
      if (sentBeforeSignal && signalSent) outcome.finishedAfterSignal++;
      if (answer.status < 200 || answer.status > 299) outcome.failed.push(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
      else if (write === undefined) outcome.reads++;
      else if (!answer.text.includes(write.key)) outcome.failed.push(`${what}: an answer without its key: ${answer.text.slice(0, 200)}`);
      else acknowledge(write);
    }
  };
  const running = Promise.all(Array.from({ length: clients }, client));

  return {
    acknowledgedCount: () => outcome.acknowledged.length,
    untilAcknowledged: (count) =>
      outcome.acknowledged.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    markSignal: () => {
      signalSent = true;
    },
    async stop() {
      stopping = true;
      await running;
      return outcome;
    },
  };
}

type Answer = { kind: 'answered'; status: number; text: string } | { kind: 'no answer' } | { kind: 'cut off' };

async function send(url: string, init: RequestInit): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
  } catch {
    return { kind: 'no answer' };
  }
  try {
    return { kind: 'answered', status: response.status, text: await response.text() };
  } catch {
    return { kind: 'cut off' };
  }
}
