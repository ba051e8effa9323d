import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n } from '@lingui/core';

const catalogsDir = fileURLToPath(new URL('../../src/lib/i18n/catalogs/', import.meta.url));

function catalog(locale: string): Map<string, string> {
  const dir = join(catalogsDir, locale);
  const messages = new Map<string, string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    for (const [id, text] of Object.entries(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>)) messages.set(id, text);
  }
  return messages;
}

const english = catalog('en');
const spanish = catalog('es');

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A control's English name, or what the Spanish catalog says for the same message: a whole-name
 * pattern a locator finds in either language. It finds the Spanish through the English text's id,
 * so it holds whether or not that screen's words are in the catalogs yet.
 */
export function inEither(englishText: string): RegExp {
  const names = new Set([englishText]);
  for (const [id, text] of english) {
    const translated = spanish.get(id);
    if (text === englishText && translated) names.add(translated);
  }
  return new RegExp(`^(${[...names].map(escape).join('|')})$`);
}

/** A message's text in a language, by its id (for ids this branch itself adds). */
export function catalogText(locale: 'en' | 'es', id: string): string {
  const text = (locale === 'en' ? english : spanish).get(id);
  if (text === undefined) throw new Error(`no message ${id} in the ${locale} catalogs`);
  return text;
}

/**
 * A message in a language with its values, as the app says it (ICU plural, number and select
 * through Lingui, which compiles the text here since this is no production build). Spanish that
 * reads exactly as the English throws: a test that looks for Spanish must not pass on English.
 */
export function say(locale: 'en' | 'es', id: string, values?: Record<string, string | number>): string {
  const i18n = speakers[locale];
  if (!i18n.messages[id]) throw new Error(`no message ${id} in the ${locale} catalogs`);
  const text = i18n._(id, values);
  if (locale === 'es' && text === speakers.en._(id, values)) throw new Error(`${id} reads the same in Spanish: "${text}"`);
  return text;
}

function speaker(locale: 'en' | 'es', messages: Map<string, string>): I18n {
  const i18n = setupI18n();
  i18n.load(locale, Object.fromEntries(messages));
  // The phones in these tests are en-US and es-US browsers.
  i18n.activate(locale, [`${locale}-US`]);
  return i18n;
}

const speakers = { en: speaker('en', english), es: speaker('es', spanish) };
