/** A coordinate to the 5 decimals (about a metre) a review needs; a dash when the source has none. */
export const coordinateText = (value: number | null): string => (value === null ? '—' : value.toFixed(5));

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "Jun 14, 2019" in the language's own order, on the region's calendar day. */
export function importDateFormat(intlLocale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${intlLocale} ${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale, { month: 'short', day: 'numeric', year: 'numeric', timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

/** A source's date in a review cell; a dash when it has none, nothing when it cannot be read. */
export function importDateText(iso: string | null, format: Intl.DateTimeFormat): string {
  if (iso === null) return '—';
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? '' : format.format(instant);
}
