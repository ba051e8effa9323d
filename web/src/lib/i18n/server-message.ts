import type { ApiError } from '@allstall/shared';
import { activeLocale, i18n } from './i18n';
import { SOURCE_LOCALE } from './locales';

/**
 * What the server said about a failure, in the active language: the catalog's message for its
 * `code` (id `server.<code>`, with its `params`), else the English `message` it sent (an older
 * server, or a code this app does not know yet). In English the sent words are shown as they are:
 * they are made from the same templates as the catalog (server-catalog.test.ts), except where a
 * library's own sentence is more exact than its code ("lat must be <= 90" for `validation.invalid`).
 */
export function serverMessage(body: Pick<ApiError, 'message' | 'code' | 'params'>): string {
  if (body.code !== undefined && activeLocale() !== SOURCE_LOCALE) {
    const id = `server.${body.code}`;
    if (i18n.messages[id] !== undefined) return i18n._(id, body.params);
  }
  return body.message;
}
