/*
 * Retry-After (RFC 9110 §10.2.3): either a number of seconds, or an HTTP-date. A recipient must
 * read all three date formats of §5.6.7, not only the IMF-fixdate servers send today, and every one
 * of them is in GMT: Date.parse would read the asctime form as local time, so they are read here.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = `(?<month>${MONTHS.join('|')})`;
const TIME = '(?<hour>\\d{2}):(?<minute>\\d{2}):(?<second>\\d{2})';

const HTTP_DATES = [
  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
  new RegExp(`^${DAY}, (?<day>\\d{2}) ${MONTH} (?<year>\\d{4}) ${TIME} GMT$`),
  // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
  new RegExp(`^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (?<day>\\d{2})-${MONTH}-(?<year>\\d{2}) ${TIME} GMT$`),
  // asctime: Sun Nov  6 08:49:37 1994
  new RegExp(`^${DAY} ${MONTH} (?<day>[ \\d]\\d) ${TIME} (?<year>\\d{4})$`),
];

const DELTA_SECONDS = /^\d+$/;

/** Epoch ms of a GMT calendar moment, or null when it is no real one: Date.UTC rolls 31 Feb over into March. */
function utc(fields: readonly [number, number, number, number, number, number]): number | null {
  const at = new Date(Date.UTC(...fields));
  const read = [at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds()];
  return read.every((field, index) => field === fields[index]) ? at.getTime() : null;
}

/** An HTTP-date in any of its three formats as epoch ms, or null when it is not one (31 Feb, 25:00 included). */
export function parseHttpDate(value: string, now: number): number | null {
  for (const format of HTTP_DATES) {
    const parts = format.exec(value)?.groups;
    if (!parts) continue;
    const year = parts.year ?? '';
    const rest = [MONTHS.indexOf(parts.month ?? ''), Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)] as const;
    if (year.length === 4) return utc([Number(year), ...rest]);
    // RFC 850's two-digit year: in this century, unless that is more than 50 years ahead of now.
    const thisYear = new Date(now).getUTCFullYear();
    const inThisCentury = utc([thisYear - (thisYear % 100) + Number(year), ...rest]);
    const fiftyYearsAhead = new Date(now).setUTCFullYear(thisYear + 50);
    if (inThisCentury === null || inThisCentury <= fiftyYearsAhead) return inThisCentury;
    return utc([thisYear - (thisYear % 100) + Number(year) - 100, ...rest]);
  }
  return null;
}

/**
 * How long, in ms from `now`, a Retry-After header asks the client to wait: 0 for a date already
 * past, null when there is no header or it cannot be read (the client then keeps to its own backoff).
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (DELTA_SECONDS.test(value)) return Number(value) * 1000;
  const at = parseHttpDate(value, now);
  return at === null ? null : Math.max(0, at - now);
}
