import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * `virtual:messages/<locale>/<part>`: one language's messages for one part of the app, compiled from
 * the ICU texts in `src/i18n/catalogs/<locale>/*.json` at build time, so the browser gets Lingui's
 * compact compiled form and no message parser. A catalog file belongs to the `admin` part when its
 * name starts with `admin`, to `main` otherwise: the first download carries no admin screen's words.
 */
export const MESSAGE_PARTS = ['main', 'admin'] as const;
const PREFIX = 'virtual:messages/';

export function partOfCatalogFile(fileName: string): (typeof MESSAGE_PARTS)[number] {
  return fileName.startsWith('admin') ? 'admin' : 'main';
}

/** Every message of one locale and part, ICU source texts keyed by id. */
export function readCatalogPart(catalogRoot: string, locale: string, part: string): Record<string, string> {
  const dir = join(catalogRoot, locale);
  const merged: Record<string, string> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
    if (partOfCatalogFile(file) !== part) continue;
    const texts = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>;
    for (const [id, text] of Object.entries(texts)) {
      if (id in merged) throw new Error(`Message ${id} is in two catalog files of ${locale}`);
      merged[id] = text;
    }
  }
  return merged;
}

export function messageCatalogs(catalogRoot: string): Plugin {
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
      for (const file of readdirSync(join(catalogRoot, locale))) this.addWatchFile(join(catalogRoot, locale, file));
      const compiled: Record<string, unknown> = {};
      for (const [messageId, text] of Object.entries(readCatalogPart(catalogRoot, locale, part))) {
        try {
          compiled[messageId] = compileMessageOrThrow(text);
        } catch (error) {
          throw new Error(`Message ${messageId} (${locale}) is not valid ICU: ${(error as Error).message}`);
        }
      }
      // JSON.parse of a string literal is faster to start than the same object as code.
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
