import type { CompactRestroom } from '../schemas/compact-restroom.js';
import type { Comment, HoursRange, Restroom, RestroomSource, RestroomStatus } from '../schemas/restroom.js';

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
export const COMPACT_RESTROOM_FORMAT = 2;

/** The yes/no fields, one bit each in `flags`, in this order (bit 0 first). */
export const COMPACT_FLAG_FIELDS = [
  'unisex',
  'accessible',
  'changing_table',
  'is_single_stall',
  'menstrual_products',
  'public',
  'is_removed',
] as const satisfies readonly (keyof Restroom)[];
type FlagField = (typeof COMPACT_FLAG_FIELDS)[number];

/** The values `RestroomStatusSchema` and `RestroomSourceSchema` allow, for checks that run without TypeBox. */
export const RESTROOM_STATUS_VALUES: readonly RestroomStatus[] = ['pending', 'approved', 'rejected'];
export const RESTROOM_SOURCE_VALUES: readonly RestroomSource[] = ['user', 'refuge', 'osm', 'demo'];




/**
 * How many values a compact row holds. Format 2 appended `time_zone` (index 19) to format 1's 19:
 * a device's mirror may still hold rows stored before, which read as a restroom whose zone is unknown
 * until the feed brings the row again (the migration that added zones re-versioned every one).
 */
export const COMPACT_RESTROOM_FIELDS = 20;

/** Where the list's hot fields sit in a compact row, for code that reads them without expanding the row. */
export const COMPACT_AT = {
  id: 0,
  name: 1,
  latitude: 6,
  longitude: 7,
  flags: 8,
  status: 9,
  hours: 13,
  updated_at: 18,
  time_zone: 19,
} as const;

/** The bit of a yes/no field in `flags`. */
export function compactFlagBit(field: FlagField): number {
  return 1 << COMPACT_FLAG_FIELDS.indexOf(field);
}

export function compactRestroom(restroom: Restroom): CompactRestroom {
  let flags = 0;
  COMPACT_FLAG_FIELDS.forEach((field, bit) => {
    if (restroom[field]) flags |= 1 << bit;
  });
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
    flags,
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
  ];
}

function expandHours(hours: readonly number[] | null): HoursRange[] | null {
  if (hours === null) return null;
  const ranges: HoursRange[] = [];
  for (let at = 0; at + 2 < hours.length; at += 3) ranges.push({ day: hours[at]!, open: hours[at + 1]!, close: hours[at + 2]! });
  return ranges;
}

/** The restroom a compact row stands for; `expandRestroom(compactRestroom(r))` deep-equals `r`. */
export function expandRestroom(row: CompactRestroom): Restroom {
  const flags = row[8];
  const flag = (field: FlagField) => (flags & compactFlagBit(field)) !== 0;
  return {
    id: row[0],
    name: row[1],
    street: row[2],
    city: row[3],
    state: row[4],
    country: row[5],
    latitude: row[6],
    longitude: row[7],
    unisex: flag('unisex'),
    accessible: flag('accessible'),
    changing_table: flag('changing_table'),
    is_single_stall: flag('is_single_stall'),
    menstrual_products: flag('menstrual_products'),
    public: flag('public'),
    is_removed: flag('is_removed'),
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
    // `?? null`: a row of format 1 stored on the device before zones existed ends at index 18.
    time_zone: row[19] ?? null,
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
