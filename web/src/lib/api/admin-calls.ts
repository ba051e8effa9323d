import type { TSchema } from 'typebox';
import { v7 as uuidv7 } from 'uuid';
import { ContractError, HttpError, NetworkError, type ApiClient } from './api-client';
import { matchesContract } from './contract';
import type { MessageId } from '../i18n/message-id';
import { deviceIsOffline } from '../device/device-offline';
import { t } from '../i18n/i18n';
import { serverMessage } from '../i18n/server-message';

/*
 * The admin tools that only make sense online (the importers, the /api tools): they ask an outside
 * service through the server and show its answer at once, so they are sent directly, not through
 * the outbox.
 */

/**
 * Said on the tool pages while offline, and when a tool is started without a connection: a message
 * id, said with `t()` where it is shown (onlineOnlyText).
 */
const ONLINE_ONLY_MESSAGE = 'admin.call.onlineOnly' satisfies MessageId;

/** ONLINE_ONLY_MESSAGE in the active language. */
function onlineOnlyText(): string {
  return t(ONLINE_ONLY_MESSAGE);
}

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
  if (deviceIsOffline()) return onlineOnlyText();
  if (error instanceof NetworkError) return t('admin.call.unreachable');
  if (error instanceof HttpError && error.body) return serverMessage(error.body);
  if (error instanceof ContractError) return t('admin.call.unexpected');
  return t('admin.call.failed');
}
