/** A CSV cell's value: text as it is, numbers and booleans as JSON writes them, null as an empty cell. */
export type CsvValue = string | number | boolean | null;

/**
 * One field as RFC 4180 writes it: quoted when it holds a comma, a quote, a line break or edge
 * spaces (which some readers trim), with its quotes doubled.
 */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended with CRLF as RFC 4180 asks. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
