import { IDEMPOTENCY_KEY_HEADER } from '@allstall/shared';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../src/http/idempotency.js';
import { WRITE_HEADERS } from '../support/helpers.js';

/** A write as the web outbox keeps it: sent to `url` with `body`, always under the same key. */
export interface QueuedWrite {
  key: string;
  url: string;
  body: object;
}

/** A write the server answered with 2xx, and how it got there. */
export interface Acknowledgement {
  key: string;
  status: number;
  body: unknown;
  /** The server said it had already done this write (the answer to an earlier try was lost). */
  replayed: boolean;
  /** How many times it was sent, the last one included. */
  attempts: number;
}

/** A write the server refused for good (a 4xx other than 408 and 429): a bug in this test or the api. */
export interface Refusal {
  key: string;
  status: number;
  body: string;
}

/** What a client that signed in sends with each write. */
export interface ClientOptions {
  baseUrl: string;
  cookie: string;
  /** How many writes are on the wire at once. */
  inFlight: number;
  /** Told of every acknowledgement as it comes. */
  onAcknowledged?: (acknowledgement: Acknowledgement) => void;
  /** Gives up (rejecting with the signal's reason) when the test can no longer go on. */
  signal?: AbortSignal;
}

/** No answer within this long counts as a lost answer, as a phone's request that times out. */
const ANSWER_TIMEOUT_MS = 15_000;
/** The wait before a retry doubles from the first to the longest, with jitter, as the outbox's does (in shorter steps). */
const RETRY_WAIT_MS = { first: 25, longest: 400 };

/**
 * Sends every write until the server acknowledges it, as the web outbox does: a lost connection, no
 * answer, a 5xx, 408 or 429 means "try again shortly under the same Idempotency-Key"; any other
 * answer is a refusal, kept for the test to report. `inFlight` writes travel at once.
 */
export async function sendUntilAcknowledged(
  writes: readonly QueuedWrite[],
  options: ClientOptions,
): Promise<{ acknowledged: Acknowledgement[]; refused: Refusal[] }> {
  const acknowledged: Acknowledgement[] = [];
  const refused: Refusal[] = [];
  let next = 0;
  const worker = async () => {
    for (let write = writes[next++]; write !== undefined; write = writes[next++]) {
      const outcome = await sendOne(write, options);
      if ('replayed' in outcome) {
        acknowledged.push(outcome);
        options.onAcknowledged?.(outcome);
      } else {
        refused.push(outcome);
      }
    }
  };
  await Promise.all(Array.from({ length: options.inFlight }, worker));
  return { acknowledged, refused };
}

async function sendOne(write: QueuedWrite, options: ClientOptions): Promise<Acknowledgement | Refusal> {
  for (let attempts = 1; ; attempts++) {
    options.signal?.throwIfAborted();
    const answer = await trySending(write, options);
    if (answer !== undefined && answer.status >= 200 && answer.status < 300) {
      return { key: write.key, status: answer.status, body: JSON.parse(answer.text) as unknown, replayed: answer.replayed, attempts };
    }
    if (answer !== undefined && !isRetryable(answer.status)) return { key: write.key, status: answer.status, body: answer.text };
    const wait = Math.min(RETRY_WAIT_MS.longest, RETRY_WAIT_MS.first * 2 ** (attempts - 1));
    await new Promise((resolve) => setTimeout(resolve, wait * (0.5 + Math.random() / 2)));
  }
}

/** The server's whole answer, or undefined when none came: it died with the request on the wire, or was not listening yet. */
async function trySending({ key, url, body }: QueuedWrite, { baseUrl, cookie }: ClientOptions) {
  try {
    const response = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { ...WRITE_HEADERS, 'content-type': 'application/json', cookie, [IDEMPOTENCY_KEY_HEADER]: key },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    return { status: response.status, replayed: response.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true', text: await response.text() };
  } catch {
    return undefined;
  }
}

/** As the web outbox decides (web/src/lib/outbox/outbox.ts): worth another try later, not a refusal. */
function isRetryable(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}
