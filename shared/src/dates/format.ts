const shortUsFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * 'Nov 22, 2026': the short US date the product prints for 'Updated', 'Joined' and comments. The
 * day is the one in `timeZone` (the region's), so a late-evening update does not show as tomorrow.
 * An unparseable input gives '' rather than 'Invalid Date' on screen. Another `locale` writes the
 * same short date its own way ('es' → '22 nov 2026').
 */
export function dateFormatShortUs(iso: string, timeZone: string, locale = 'en-US'): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  // English is the product's own 'Nov 22, 2026' whatever the browser's region (en-GB would say '22 Nov 2026').
  const tag = locale.toLowerCase().split('-')[0] === 'en' ? 'en-US' : locale;
  const key = `${tag}|${timeZone}`;
  let formatter = shortUsFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag, { month: 'short', day: 'numeric', year: 'numeric', timeZone });
    shortUsFormatters.set(key, formatter);
  }
  return formatter.format(instant);
}
