import { readStored, writeStored } from '../settings/stored-settings';
import { activateLocale } from './i18n';
import { isLocale, pickLocale, type Locale } from './locales';

const KEY = 'language';
const VERSION = 1;

/** The language chosen on this device, else the browser's preferred languages' first that allstall speaks. */
export function initialLocale(preferred: readonly string[] = navigator.languages): Locale {
  return readStored('local', KEY, VERSION, (value) => (isLocale(value) ? value : null)) ?? pickLocale(preferred);
}

/** Switches the language and remembers the choice on this device. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  writeStored('local', KEY, VERSION, locale);
}
