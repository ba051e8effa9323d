import { LISTING_AMENITY_KEYS, type AmenityValue, type ListingAmenityKey } from '@allstall/shared';
import type { Amenity01, Flag01 } from '../db/schema.js';

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

/** Reads a stored amenity: 1 yes, 0 no, null unknown. */
export function amenityFromFlag(flag: Amenity01): AmenityValue {
  return flag === null ? null : flag !== 0;
}

/** A row's five amenity columns as the listing's yes/no/unknown values. */
export function amenitiesFromColumns(row: Readonly<Record<ListingAmenityKey, Amenity01>>): Record<ListingAmenityKey, AmenityValue> {
  return Object.fromEntries(LISTING_AMENITY_KEYS.map((key) => [key, amenityFromFlag(row[key])])) as Record<ListingAmenityKey, AmenityValue>;
}

/** Stores an amenity, keeping unknown as null. */
export function flagFromAmenity(value: AmenityValue): Amenity01 {
  return value === null ? null : flagFromBoolean(value);
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
