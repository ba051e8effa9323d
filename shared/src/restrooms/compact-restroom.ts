import type { CompactRestroom } from '../schemas/compact-restroom.js';
import type { Comment, HoursRange, Restroom, RestroomSource, RestroomStatus } from '../schemas/restroom.js';
import { LISTING_AMENITY_KEYS, type AmenityValue } from './listing-fields.js';

/*
 * A restroom as a flat array of plain values, the shape in which a whole region's restrooms travel
 * (the first-sync snapshot) and rest on the device (the mirror's buckets). IndexedDB and JSON both
 * pay per object and per key: 100,000 restrooms as objects with 25 keys and nested hours cost
 * several times what the same values cost as arrays. The order (in `CompactRestroomSchema`,
 * shared/src/schemas/compact-restroom.ts) is the format; change it only with a new
 * COMPACT_RESTROOM_FORMAT, which devices and the snapshot's header carry. This file imports no
 * schema code, so the app's first screen can expand rows without loading TypeBox.
 */

/** Bumped whenever the tuple's shape changes, so stored and downloaded rows of another shape are never misread. */
export const COMPACT_RESTROOM_FORMAT = 4;

/** The yes/no/unknown amenities, in the order of their bits in `flags`. */
export const COMPACT_AMENITY_FIELDS = LISTING_AMENITY_KEYS;
type AmenityField = (typeof COMPACT_AMENITY_FIELDS)[number];

/*
 * `flags` (index 8) since format 3: bits 0-4 say an amenity is known yes, bits 5-9 that it is known
 * at all (bit 5 + i for amenity i), bit 10 that the restroom is removed from display. A yes bit is
 * only ever set with its known bit, so "known yes" is one test of the yes bit. Format 2 had one bit
 * per yes/no field (`public` at bit 5, `is_removed` at 6); the device's database upgrade rewrites
 * its stored rows (web/src/lib/db/db.ts), so no reader sees that layout.
 */
const KNOWN_SHIFT = COMPACT_AMENITY_FIELDS.length;
const REMOVED_BIT = 1 << (2 * COMPACT_AMENITY_FIELDS.length);
/** The largest `flags` value a row may hold. */
export const COMPACT_FLAGS_MAX = 2 * REMOVED_BIT - 1;

/** The values `RestroomStatusSchema` and `RestroomSourceSchema` allow, for checks that run without TypeBox. */
export const RESTROOM_STATUS_VALUES: readonly RestroomStatus[] = ['pending', 'approved', 'rejected'];
export const RESTROOM_SOURCE_VALUES: readonly RestroomSource[] = ['user', 'refuge', 'osm', 'demo'];

/**
 * How many values a compact row holds. Format 2 appended `time_zone` (index 19) to format 1's 19;
 * format 3 appended `access` (index 20) and gave `flags` its known bits; format 4 appended `fee`
 * (index 21). A format-3 row reads as format 4 with the fee unknown, which is what the device's
 * upgrade writes.
 */
export const COMPACT_RESTROOM_FIELDS = 22;

/** Where the list's hot fields sit in a compact row, for code that reads them without expanding the row. */
export const COMPACT_AT = {
  id: 0,
  name: 1,
  street: 2,
  city: 3,
  state: 4,
  country: 5,
  latitude: 6,
  longitude: 7,
  flags: 8,
  status: 9,
  hours: 13,
  source: 15,
  username: 16,
  updated_at: 18,
  time_zone: 19,
  access: 20,
  fee: 21,
} as const;

/** The bit in `flags` that says an amenity is known yes (set only with its known bit). */
export function compactYesBit(field: AmenityField): number {
  return 1 << COMPACT_AMENITY_FIELDS.indexOf(field);
}

/** The bit in `flags` that says an amenity is known, yes or no. */
export function compactKnownBit(field: AmenityField): number {
  return 1 << (KNOWN_SHIFT + COMPACT_AMENITY_FIELDS.indexOf(field));
}

/** The bit in `flags` that says the restroom is removed from display. */
export const COMPACT_REMOVED_BIT = REMOVED_BIT;

/** An amenity's value as `flags` holds it. */
export function compactAmenity(flags: number, field: AmenityField): AmenityValue {
  if ((flags & compactKnownBit(field)) === 0) return null;
  return (flags & compactYesBit(field)) !== 0;
}

/** The `flags` of a restroom's amenities and removal. */
export function compactFlags(restroom: Pick<Restroom, AmenityField | 'is_removed'>): number {
  let flags = restroom.is_removed ? REMOVED_BIT : 0;
  for (const field of COMPACT_AMENITY_FIELDS) {
    const value = restroom[field];
    if (value !== null) flags |= compactKnownBit(field) | (value ? compactYesBit(field) : 0);
  }
  return flags;
}

export function compactRestroom(restroom: Restroom): CompactRestroom {
  const hours = restroom.hours === null ? null : restroom.hours.flatMap((range) => [range.day, range.open, range.close]);
  return [
    restroom.id,
    restroom.name,
    restroom.street,
    restroom.city,
    restroom.state,
    restroom.country,
    restroom.latitude,
    restroom.longitude,
    compactFlags(restroom),
    restroom.status,
    restroom.upvotes,
    restroom.downvotes,
    restroom.last_confirmed_at,
    hours,
    restroom.place_id,
    restroom.source,
    restroom.username,
    restroom.created_at,
    restroom.updated_at,
    restroom.time_zone,
    restroom.access,
    restroom.fee,
  ];
}

/** A compact row's hours (day, open, close, ...) as ranges; null stays null. */
export function expandHours(hours: readonly number[] | null): HoursRange[] | null {
  if (hours === null) return null;
  const ranges: HoursRange[] = [];
  for (let at = 0; at + 2 < hours.length; at += 3) ranges.push({ day: hours[at]!, open: hours[at + 1]!, close: hours[at + 2]! });
  return ranges;
}

/** The restroom a compact row stands for; `expandRestroom(compactRestroom(r))` deep-equals `r`. */
export function expandRestroom(row: CompactRestroom): Restroom {
  const flags = row[8];
  return {
    id: row[0],
    name: row[1],
    street: row[2],
    city: row[3],
    state: row[4],
    country: row[5],
    latitude: row[6],
    longitude: row[7],
    unisex: compactAmenity(flags, 'unisex'),
    accessible: compactAmenity(flags, 'accessible'),
    changing_table: compactAmenity(flags, 'changing_table'),
    is_single_stall: compactAmenity(flags, 'is_single_stall'),
    menstrual_products: compactAmenity(flags, 'menstrual_products'),
    access: row[20],
    fee: row[21],
    is_removed: (flags & REMOVED_BIT) !== 0,
    status: row[9],
    upvotes: row[10],
    downvotes: row[11],
    last_confirmed_at: row[12],
    hours: expandHours(row[13]),
    place_id: row[14],
    source: row[15],
    username: row[16],
    created_at: row[17],
    updated_at: row[18],
    time_zone: row[19],
  };
}

/** Most restrooms or comments one snapshot line holds. */
export const SNAPSHOT_LINE_ROWS = 1000;

/** The line as it is sent: restroom rows turned into columns, the other lines as they are. */
export function snapshotWireLine(line: SnapshotLine): SnapshotWireLine {
  if (!('restrooms' in line)) return line;
  const columns: unknown[][] = Array.from({ length: COMPACT_RESTROOM_FIELDS }, () => new Array<unknown>(line.restrooms.length));
  line.restrooms.forEach((row, at) => {
    for (let field = 0; field < COMPACT_RESTROOM_FIELDS; field++) columns[field]![at] = row[field];
  });
  return { restroomColumns: columns };
}

/**
 * The rows of a restroom line's columns, unchecked (the caller checks each as a compact row); null
 * when the columns are not one per field or not all of one length.
 */
export function snapshotRowsOfColumns(columns: unknown): unknown[][] | null {
  if (!Array.isArray(columns) || columns.length !== COMPACT_RESTROOM_FIELDS) return null;
  const first: unknown = columns[0];
  if (!Array.isArray(first) || first.length > SNAPSHOT_LINE_ROWS) return null;
  const count = first.length;
  if (!columns.every((column: unknown) => Array.isArray(column) && column.length === count)) return null;
  const fields = columns as unknown[][];
  const rows: unknown[][] = new Array<unknown[]>(count);
  for (let at = 0; at < count; at++) {
    const row = new Array<unknown>(COMPACT_RESTROOM_FIELDS);
    for (let field = 0; field < COMPACT_RESTROOM_FIELDS; field++) row[field] = fields[field]![at];
    rows[at] = row;
  }
  return rows;
}

/** A snapshot line once read (`SyncSnapshotLine`), and as it travels (`SyncSnapshotWireLine`). */
type SnapshotLine = { restrooms: CompactRestroom[] } | { comments: Comment[] } | { end: true };
type SnapshotWireLine = { restroomColumns: unknown[][] } | { comments: Comment[] } | { end: true };
