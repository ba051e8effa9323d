// @vitest-environment node
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../../build-tools/message-catalogs';
import { LOCALES, SOURCE_LOCALE } from './locales';

const root = fileURLToPath(new URL('./catalogs', import.meta.url));
const catalog = (locale: string) => readCatalog(root, locale);
const source = catalog(SOURCE_LOCALE);

/** The ICU arguments a message takes (`{name}`, `{n, plural, …}`, `<0>…</0>`), sorted. */
function argumentsOf(text: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: ReturnType<typeof compileMessageOrThrow>) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , format] = token;
      names.add(name);
      if (format !== null && typeof format === 'object' && !Array.isArray(format)) {
        for (const [choice, branch] of Object.entries(format)) if (choice !== 'offset' && Array.isArray(branch)) walk(branch);
      }
    }
  };
  walk(compileMessageOrThrow(text));
  for (const tag of text.matchAll(/<(\d+)>/g)) names.add(`<${tag[1]}>`);
  return [...names].sort();
}

describe('the message catalogs', () => {
  it('have the same files in every language', () => {
    const files = (locale: string) => readdirSync(`${root}/${locale}`).sort();
    for (const locale of LOCALES) expect(files(locale)).toEqual(files(SOURCE_LOCALE));
  });

  for (const locale of LOCALES.filter((code) => code !== SOURCE_LOCALE)) {
    describe(locale, () => {
      const translated = catalog(locale);

      it('translate every English message and nothing else', () => {
        expect(Object.keys(translated).filter((id) => !(id in source))).toEqual([]);
        expect(Object.keys(source).filter((id) => !(id in translated))).toEqual([]);
      });

      it('take the same arguments as the English message', () => {
        const differing = Object.keys(source)
          .filter((id) => id in translated)
          .filter((id) => argumentsOf(source[id]!).join() !== argumentsOf(translated[id]!).join());
        expect(differing).toEqual([]);
      });

      it('have no empty message', () => {
        expect(Object.entries(translated).filter(([, text]) => text.trim() === '').map(([id]) => id)).toEqual([]);
      });
    });
  }

  it('never call gender-neutral "unisex" in Spanish (docs/translation-glossary.md)', () => {
    expect(Object.entries(catalog('es')).filter(([, text]) => /unisex/i.test(text)).map(([id]) => id)).toEqual([]);
  });

  it('are all valid ICU messages', () => {
    for (const locale of LOCALES) {
      for (const [id, text] of Object.entries(catalog(locale))) {
        expect(() => compileMessageOrThrow(text), `${locale} ${id}`).not.toThrow();
      }
    }
  });
});
