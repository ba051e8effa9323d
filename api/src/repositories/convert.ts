import type { Flag01 } from '../db/schema.js';

/** Epoch milliseconds as the ISO 8601 text every timestamp crosses the wire in. */
export function isoFromEpochMs(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** Reads a stored 0/1 flag. */
export function booleanFromFlag(flag: Flag01): boolean {
  return flag !== 0;
}

/** Stores a boolean as 0/1. */
export function flagFromBoolean(value: boolean): Flag01 {
  return value ? 1 : 0;
}

/**
 * Splits `items` into runs of at most `size`, so a long `IN (...)` list or multi-row insert stays
 * under the databases' bound-parameter limits (SQLite: 32766, PostgreSQL: 65535).
 */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
