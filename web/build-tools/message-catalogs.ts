import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { firstScreenMessageIds } from './first-screen-messages';

/**
 * `virtual:messages/<locale>/<part>`: one language's messages for one part of the app, compiled from
 * the ICU texts in `src/lib/i18n/catalogs/<locale>/*.json` at build time, so the browser gets
 * Lingui's compact compiled form and no message parser (docs/i18n.md#parts):
 * - `first`: what the modules loaded before the app runs use (first-screen-messages.ts);
 * - `more`: every other message outside the admin screens, fetched right after the first render;
 * - `admin`: the catalogs whose file name starts with `admin`, fetched with the first admin screen.
 */
const MESSAGE_PARTS = ['first', 'more', 'admin'] as const;
type MessagePart = (typeof MESSAGE_PARTS)[number];
const PREFIX = 'virtual:messages/';

const isAdminFile = (fileName: string) => fileName.startsWith('admin');

/** The messages of one language's catalog files that `keep` accepts: ICU texts keyed by id. */
export function readCatalog(catalogRoot: string, locale: string, keep: (fileName: string) => boolean = () => true): Record<string, string> {
  const dir = join(catalogRoot, locale);
  const merged: Record<string, string> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json') && keep(name)).sort()) {
    const texts = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>;
    for (const [id, text] of Object.entries(texts)) {
      if (id in merged) throw new Error(`Message ${id} is in two catalog files of ${locale}`);
      merged[id] = text;
    }
  }
  return merged;
}

export interface CatalogSources {
  /** src/lib/i18n/catalogs */
  catalogRoot: string;
  /** src/main.tsx: where the first screen's modules start */
  entry: string;
}

/** One part's messages in one language. */
function readCatalogPart({ catalogRoot, entry }: CatalogSources, locale: string, part: MessagePart): Record<string, string> {
  if (part === 'admin') return readCatalog(catalogRoot, locale, isAdminFile);
  const all = readCatalog(catalogRoot, locale, (file) => !isAdminFile(file));
  const first = firstScreenMessageIds(entry, new Set(Object.keys(all)));
  // The server's words (`server.<code>`) wait for `more` even where the first screen could show one:
  // `serverMessage` says the server's own English until they arrive, a moment after the first render,
  // and the first download does not carry a sentence for every failure the api knows.
  const inFirst = (id: string) => first.has(id) && !id.startsWith('server.');
  return Object.fromEntries(Object.entries(all).filter(([id]) => inFirst(id) === (part === 'first')));
}

export function messageCatalogs(sources: CatalogSources): Plugin {
  return {
    name: 'allstall-message-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [locale, part] = id.slice(PREFIX.length + 1).split('/');
      if (locale === undefined || part === undefined || !(MESSAGE_PARTS as readonly string[]).includes(part)) {
        throw new Error(`Unknown message module ${id.slice(1)}`);
      }
      for (const file of readdirSync(join(sources.catalogRoot, locale))) this.addWatchFile(join(sources.catalogRoot, locale, file));
      const compiled: Record<string, unknown> = {};
      for (const [messageId, text] of Object.entries(readCatalogPart(sources, locale, part as MessagePart))) {
        try {
          compiled[messageId] = compileMessageOrThrow(text);
        } catch (error) {
          throw new Error(`Message ${messageId} (${locale}) is not valid ICU: ${(error as Error).message}`, { cause: error });
        }
      }
      return `export const messages = ${JSON.stringify(compiled)};`;
    },
  };
}
