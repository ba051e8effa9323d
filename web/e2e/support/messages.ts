import { readdirSync, readFileSync } from 'node:fs';
import { setupI18n, type I18n } from '@lingui/core';

/*
 * The app's own words, from its catalogs, so a test can look for "what the Spanish screen says for
 * list.heading" without copying the translation (which would let the two drift). A test that checks
 * a screen is in Spanish also checks the text differs from the English one.
 */

const CATALOGS = new URL('../../src/lib/i18n/catalogs/', import.meta.url);

function speaker(locale: 'en' | 'es'): I18n {
  const messages: Record<string, string> = {};
  const dir = new URL(`${locale}/`, CATALOGS);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    Object.assign(messages, JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, string>);
  }
  // Outside a production build Lingui compiles ICU texts as they are loaded.
  const i18n = setupI18n();
  i18n.load(locale, messages);
  i18n.activate(locale, [locale === 'es' ? 'es-US' : 'en-US']);
  return i18n;
}

const en18n = speaker('en');
const es18n = speaker('es');

type Values = Record<string, string | number>;

function say(i18n: I18n, id: string, values?: Values): string {
  if (i18n.messages[id] === undefined) throw new Error(`No message ${id} in the ${i18n.locale} catalogs`);
  return i18n._(id, values);
}

export const en = (id: string, values?: Values): string => say(en18n, id, values);

/** The Spanish text of `id`; throws if it is missing or reads exactly as the English. */
export function es(id: string, values?: Values): string {
  const text = say(es18n, id, values);
  if (text === en(id, values)) throw new Error(`${id} reads the same in Spanish as in English: "${text}"`);
  return text;
}
