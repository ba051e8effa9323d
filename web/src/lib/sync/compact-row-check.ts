import {
  COMPACT_FLAGS_MAX,
  COMPACT_RESTROOM_FIELDS,
  RESTROOM_ACCESS_VALUES,
  RESTROOM_FEE_VALUES,
  RESTROOM_SOURCE_VALUES,
  RESTROOM_STATUS_VALUES,
  type CompactRestroom,
} from '@allstall/shared';

/*
 * A compact row checked by hand, for the answers that bring many restrooms at once: the first
 * sync's pieces (snapshot-lines.ts) and the nearby answer a first visit shows before them.
 */

// The shared value lists, not the schemas: importing a schema would put TypeBox in the first screen's JavaScript.
const STATUSES = new Set<unknown>(RESTROOM_STATUS_VALUES);
const SOURCES = new Set<unknown>(RESTROOM_SOURCE_VALUES);
const ACCESS = new Set<unknown>([...RESTROOM_ACCESS_VALUES, null]);
const FEES = new Set<unknown>([...RESTROOM_FEE_VALUES, null]);
const ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const ROW_LENGTH = COMPACT_RESTROOM_FIELDS;

const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown) => value === null || typeof value === 'string';
const isNullableNumber = (value: unknown) => value === null || (typeof value === 'number' && Number.isFinite(value));
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

function isHours(value: unknown): boolean {
  if (value === null) return true;
  if (!Array.isArray(value) || value.length > 84) return false;
  return value.every((unit) => Number.isInteger(unit) && unit >= 0 && unit <= 2359);
}

/**
 * The compact row's shape, checked by hand: TypeBox's interpreted `Value.Check` takes ~65 ms per
 * 1,000-row line (6 s for 100,000 restrooms), this a millisecond or two. It checks every position's
 * type, the id's form and the enums; dates are checked as strings, not parsed as dates.
 */
export function isCompactRestroom(row: unknown): row is CompactRestroom {
  if (!Array.isArray(row) || row.length !== ROW_LENGTH) return false;
  return (
    isString(row[0]) &&
    ID.test(row[0]) &&
    isString(row[1]) &&
    isString(row[2]) &&
    isString(row[3]) &&
    isString(row[4]) &&
    isString(row[5]) &&
    isNullableNumber(row[6]) &&
    isNullableNumber(row[7]) &&
    Number.isInteger(row[8]) &&
    row[8] >= 0 &&
    row[8] <= COMPACT_FLAGS_MAX &&
    STATUSES.has(row[9]) &&
    isCount(row[10]) &&
    isCount(row[11]) &&
    isNullableString(row[12]) &&
    isHours(row[13]) &&
    isNullableString(row[14]) &&
    SOURCES.has(row[15]) &&
    isNullableString(row[16]) &&
    isString(row[17]) &&
    isString(row[18]) &&
    isNullableString(row[19]) &&
    ACCESS.has(row[20]) &&
    FEES.has(row[21])
  );
}

