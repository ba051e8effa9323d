/// <reference lib="webworker" />
import type { Messages } from '@lingui/core';
import { messages as en } from 'virtual:messages/en/main';
import { messages as es } from 'virtual:messages/es/main';
import type { AllstallDb } from '../lib/db';
import { i18n, intlLocaleFor } from '../lib/i18n/i18n';
import type { Locale } from '../lib/i18n/locales';
import { languageForWorker } from '../lib/worker-language';

/*
 * The worker runs the outbox with no page open, and what it writes is read later (a waiting write's
 * reason). It cannot fetch a language's messages then (no dynamic import in a service worker, maybe
 * no connection), so the `main` messages of every language come inside the worker script itself:
 * installed with it, offline with it, and always the same version as the code that uses them. Only
 * `main`: the worker says nothing an admin screen says.
 */
const MESSAGES: Readonly<Record<Locale, Messages>> = { en, es };

/**
 * Switches the `t()` of the code the worker runs to the language the page last spoke on this device
 * (its browser's languages before any page has). Read again each time, since it may have changed.
 */
export async function speakPageLanguage(db: AllstallDb, preferred: readonly string[] = self.navigator.languages): Promise<Locale> {
  const locale = await languageForWorker(db, preferred);
  i18n.load(locale, MESSAGES[locale]);
  i18n.activate(locale, [intlLocaleFor(locale, preferred)]);
  return locale;
}
