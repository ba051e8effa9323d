const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date `instant` falls on in `timeZone`, as 'YYYY-MM-DD'. */
export function zonedDateText(instant: Date | number, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Days since 1970-01-01 of the calendar date `instant` falls on in `timeZone`. */
export function zonedDayNumber(instant: Date, timeZone: string): number {
  return Math.round(Date.parse(`${zonedDateText(instant, timeZone)}T00:00:00Z`) / 86_400_000);
}
