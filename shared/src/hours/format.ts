import type { WeeklyHours } from '../schemas/restroom.js';

/** The language the product's own words are in; every formatter here defaults to it. */
const SOURCE_INTL_LOCALE = 'en-US';

const isEnglish = (locale: string) => locale.toLowerCase().split('-')[0] === 'en';

/** A UTC instant whose UTC reading is day `day` (0 Sunday: 1 Jan 2023 was one) at `hours`:`minutes`. */
const utcReading = (day: number, hours = 0, minutes = 0) => Date.UTC(2023, 0, 1 + day, hours, minutes);

const intlFormatters = new Map<string, Intl.DateTimeFormat>();
function intlFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = intlFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    intlFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * 12-hour clock as the product writes it: 0 → '12am', 830 → '8:30am', 1200 → '12pm', 1730 → '5:30pm'.
 * In another language, as its `Intl` writes a time ('es' → '17:30', 'es-MX' → '5:30 p.m.').
 */
export function hhmmFormat(hhmm: number, locale: string = SOURCE_INTL_LOCALE): string {
  const hours24 = Math.floor(hhmm / 100);
  const minutes = hhmm % 100;
  if (!isEnglish(locale)) return intlFormatter(locale, { hour: 'numeric', minute: '2-digit' }).format(utcReading(0, hours24, minutes));
  const suffix = hours24 < 12 ? 'am' : 'pm';
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return minutes === 0 ? `${hours12}${suffix}` : `${hours12}:${String(minutes).padStart(2, '0')}${suffix}`;
}

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * A day's name (0 Sunday): `DAY_NAMES` in English ('Mon' for short), else `Intl`'s, with a capital
 * as it heads a row ('Lunes', 'Mié').
 */
export function dayName(day: number, locale: string = SOURCE_INTL_LOCALE, width: 'long' | 'short' = 'long'): string {
  if (isEnglish(locale)) return width === 'long' ? DAY_NAMES[day]! : DAY_NAMES[day]!.slice(0, 3);
  const name = intlFormatter(locale, { weekday: width }).format(utcReading(day)).replace(/\.$/, '');
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/**
 * A day's short name as it reads inside a sentence ('Opens Mon 7am', 'Abre el lun a las 7:00'):
 * 'Mon' in English, else `Intl`'s own form, which keeps the lower case the language writes there.
 */
export function dayNameInSentence(day: number, locale: string = SOURCE_INTL_LOCALE): string {
  if (isEnglish(locale)) return DAY_NAMES[day]!.slice(0, 3);
  return intlFormatter(locale, { weekday: 'short' }).format(utcReading(day)).replace(/\.$/, '');
}

/** The words the hours texts use that are not times, in the language the caller shows; English by default. */
export interface HoursWords {
  /** The `Intl` tag times and day names are written in. */
  locale: string;
  closed: string;
  /** A range that opens and closes at the same time. */
  allDay: string;
  /** Hours nobody has told us (hoursLineText only). */
  unknown: string;
}

export const ENGLISH_HOURS_WORDS: HoursWords = { locale: SOURCE_INTL_LOCALE, closed: 'Closed', allDay: 'Open 24 hours', unknown: 'Unknown' };

/** One day's ranges, earliest first, joined by ', '; '' for a day with none. */
export function dayRangesText(hours: NonNullable<WeeklyHours>, day: number, words: HoursWords = ENGLISH_HOURS_WORDS): string {
  return hours
    .filter((range) => range.day === day)
    .sort((a, b) => a.open - b.open)
    .map((range) => (range.open === range.close ? words.allDay : `${hhmmFormat(range.open, words.locale)} - ${hhmmFormat(range.close, words.locale)}`))
    .join(', ');
}

/** The panel reads like a calendar week: Monday first, Sunday last. */
const PANEL_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export interface HoursPanelRow {
  day: number;
  dayName: string;
  /** '8:30am - 5pm', several ranges joined by ', ', or 'Closed' (in `words`). */
  text: string;
}

/**
 * The weekly hours panel, Monday to Sunday. Null when it must be hidden: hours unknown, or no opening
 * time on any day Monday to Saturday (the product's rule, which keeps Sunday-only noise off cards).
 */
export function hoursPanelRows(hours: WeeklyHours, words: HoursWords = ENGLISH_HOURS_WORDS): HoursPanelRow[] | null {
  if (!hours || !hours.some((range) => range.day >= 1 && range.day <= 6)) return null;
  return PANEL_ORDER.map((day) => {
    const text = dayRangesText(hours, day, words);
    return { day, dayName: dayName(day, words.locale), text: text === '' ? words.closed : text };
  });
}
