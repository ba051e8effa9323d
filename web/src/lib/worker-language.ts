import { metaGet, metaSet, type AllstallDb } from './db';
import { pickLocale, type Locale } from './i18n/locales';

/*
 * The service worker runs the outbox with no page open and cannot read the page's localStorage, yet
 * what it writes down (a waiting write's reason) is read by the person. So the page keeps the language
 * it speaks in IndexedDB, where the worker reads it.
 */

/** Called by the page whenever its language is set or changes. */
export async function rememberLanguageForWorker(db: AllstallDb, locale: Locale): Promise<void> {
  await metaSet(db, 'language', locale);
}

/** The language the page last spoke on this device, else the first of `preferred` that allstall speaks. */
export async function languageForWorker(db: AllstallDb, preferred: readonly string[]): Promise<Locale> {
  return (await metaGet(db, 'language').catch(() => undefined)) ?? pickLocale(preferred);
}
