import { setupI18n, type Messages } from '@lingui/core';
import { importWithRetry } from '../device/import-with-retry';
import { SOURCE_LOCALE, type Locale } from './locales';
import type { MessageId } from './message-id';

/** The one Lingui instance: React reads it through I18nProvider, plain modules through `t`. */
export const i18n = setupI18n();

/**
 * `first`: what the first screen says, loaded before it renders; `more`: every other screen's words,
 * fetched right after; `admin`: with the first admin screen (docs/i18n.md#parts).
 */
export type MessagePart = 'first' | 'more' | 'admin';

// One chunk per language and part: only the active language's messages are downloaded, and the
// service worker precaches every chunk, so both languages work offline once the app is installed.
const LOADERS: Readonly<Record<Locale, Record<MessagePart, () => Promise<{ messages: Messages }>>>> = {
  en: {
    first: () => import('virtual:messages/en/first'),
    more: () => import('virtual:messages/en/more'),
    admin: () => import('virtual:messages/en/admin'),
  },
  es: {
    first: () => import('virtual:messages/es/first'),
    more: () => import('virtual:messages/es/more'),
    admin: () => import('virtual:messages/es/admin'),
  },
};

const wantedParts = new Set<MessagePart>(['first']);
const loaded = new Set<string>();
let activating: Promise<void> = Promise.resolve();

async function ensureLoaded(locale: Locale, part: MessagePart): Promise<void> {
  const key = `${locale}/${part}`;
  if (loaded.has(key)) return;
  const { messages } = await importWithRetry(LOADERS[locale][part]);
  i18n.load(locale, messages);
  loaded.add(key);
}

/**
 * Loads `locale`'s messages for every part wanted so far, then switches to it: every `useT()`
 * re-renders and `<html lang>` follows. Calls run one after another, so the last choice wins.
 */
export function activateLocale(locale: Locale): Promise<void> {
  activating = activating
    .catch(() => undefined)
    .then(async () => {
      await Promise.all([...wantedParts].map((part) => ensureLoaded(locale, part)));
      i18n.activate(locale, [intlLocaleFor(locale)]);
      if (typeof document !== 'undefined') document.documentElement.lang = locale;
    });
  return activating;
}

/** Loads a part's messages in the active language (and in any language chosen later). */
export async function loadMessagePart(part: MessagePart): Promise<void> {
  wantedParts.add(part);
  await activating.catch(() => undefined);
  await ensureLoaded(activeLocale(), part);
}

/**
 * The tag `Intl` formats with: the browser's own regional variant of the language when it has one
 * (`es-MX` formats numbers and times as Mexico does), else the language alone.
 */
export function intlLocaleFor(locale: Locale, preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): string {
  return preferred.find((tag) => tag.toLowerCase().split('-')[0] === locale) ?? locale;
}

/** The `Intl` tag of the active language (see intlLocaleFor). */
export function activeIntlLocale(): string {
  return firstLocale(i18n.locales) ?? activeLocale();
}

export function firstLocale(locales: string | readonly string[] | undefined): string | undefined {
  return typeof locales === 'string' ? locales : locales?.[0];
}

export function activeLocale(): Locale {
  return (i18n.locale || SOURCE_LOCALE) as Locale;
}

/** Values a message's `{placeholders}` take: text and numbers (plurals, `{n, number}`) and dates. */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

/** A message in the active language, for code outside React (the outbox, alerts, the service worker's pages). */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values as Record<string, unknown> | undefined);
}
