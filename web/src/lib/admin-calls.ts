import type { TSchema } from 'typebox';
import { v7 as uuidv7 } from 'uuid';
import { ContractError, HttpError, NetworkError, type ApiClient } from './api-client';
import { matchesContract } from './contract';
import { deviceIsOffline } from './device-offline';

/*
 * The admin tools that only make sense online (the importers, the /api tools): they ask an outside
 * service through the server and show its answer at once, so they are sent directly, not through
 * the outbox.
 */

/** Said on the tool pages while offline, and when a tool is started without a connection. */
export const ONLINE_ONLY_MESSAGE = 'These tools need a connection.';

/**
 * Idempotency keys for direct admin calls. A call whose answer was lost (no signal, or the request
 * timed out while the server kept working) is sent again under the same key when the admin retries
 * it, so one that did land is replayed rather than done twice; any call that got an answer frees
 * its key, and the next one gets a fresh UUIDv7.
 */
export interface CallKeys {
  keyFor(signature: string): string;
  answered(signature: string): void;
}

export function createCallKeys(newKey: () => string = uuidv7): CallKeys {
  let unanswered: { signature: string; key: string } | null = null;
  return {
    keyFor(signature) {
      if (unanswered?.signature !== signature) unanswered = { signature, key: newKey() };
      return unanswered.key;
    },
    answered(signature) {
      if (unanswered?.signature === signature) unanswered = null;
    },
  };
}

/** POSTs `body` to an admin tool and checks the answer against its shared schema. */
export async function postAdminCall<T>(api: ApiClient, keys: CallKeys, schema: TSchema, path: string, body: unknown): Promise<T> {
  const signature = `${path} ${JSON.stringify(body)}`;
  let answer: unknown;
  try {
    answer = await api.sendWrite({ method: 'POST', path, body, idempotencyKey: keys.keyFor(signature) });
  } catch (error) {
    if (!(error instanceof NetworkError)) keys.answered(signature);
    throw error;
  }
  keys.answered(signature);
  if (!(await matchesContract({ schema }, answer))) throw new ContractError(path);
  return answer as T;
}

/** What a failed admin tool call says: the server's own words when it gave any (a 502 names the service that failed). */
export function adminCallFailureText(error: unknown): string {
  if (deviceIsOffline()) return ONLINE_ONLY_MESSAGE;
  if (error instanceof NetworkError) return 'The server could not be reached, or took too long to answer. Try again in a moment.';
  if (error instanceof HttpError && error.body) return error.body.message;
  if (error instanceof ContractError) return 'The server did not answer as expected.';
  return 'Oops... Something went wrong!';
}
