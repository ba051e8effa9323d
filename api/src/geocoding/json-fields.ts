/** Readers for JSON from services we do not control: anything unexpected reads as absent. */

export type JsonRecord = Readonly<Record<string, unknown>>;

export function recordOf(value: unknown): JsonRecord | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : undefined;
}

export function arrayOf(value: unknown): readonly unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** Text, or a number written as text (house numbers come both ways). */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A number, or a number written as text (Nominatim sends coordinates as strings); NaN otherwise. */
export function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/** A positive whole OpenStreetMap id, or undefined. */
export function osmIdOf(value: unknown): number | undefined {
  const id = numberOf(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
