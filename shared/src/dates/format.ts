const shortUsFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * 'Nov 22, 2026': the short US date the product prints for 'Updated', 'Joined' and comments. The
 * day is the one in `timeZone` (the region's), so a late-evening update does not show as tomorrow.
 * An unparseable input gives '' rather than 'Invalid Date' on screen.
 */
export function dateFormatShortUs(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  let formatter = shortUsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
    shortUsFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}
