import { dateFormatShortUs } from '@allstall/shared';
import { activeIntlLocale, activeLocale } from '@/lib/i18n/i18n';
import type { Locale } from '@/lib/i18n/locales';
import { useIntlLocale, useLocale } from '@/lib/i18n/use-t';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A day in the region's time zone, as the admin tables print it: English keeps the product's short
 * US date ('Nov 22, 2026') whatever the browser's region; another language gets Intl's short date
 * in that language ('22 nov 2026').
 */
export function adminDateText(iso: string, timeZone: string, locale: Locale = activeLocale(), intlLocale: string = activeIntlLocale()): string {
  if (locale === 'en') return dateFormatShortUs(iso, timeZone);
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const key = `${intlLocale} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale, { month: 'short', day: 'numeric', year: 'numeric', timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(instant);
}

/** A table cell's date, in the active language. */
export function AdminDate({ iso, timeZone }: { iso: string; timeZone: string }) {
  const text = adminDateText(iso, timeZone, useLocale(), useIntlLocale());
  return <time dateTime={iso}>{text}</time>;
}
