import { Type, type Static } from 'typebox';
import { IdSchema, IsoDateSchema } from '../schemas/common.js';
import { RestroomSourceSchema, RestroomStatusSchema, type HoursRange, type Restroom } from '../schemas/restroom.js';

/*
 * A restroom as a flat array of plain values, the shape in which a whole region's restrooms travel
 * (the first-sync snapshot) and rest on the device (the mirror's buckets). IndexedDB and JSON both
 * pay per object and per key: 100,000 restrooms as objects with 25 keys and nested hours cost
 * several times what the same values cost as arrays. The order below is the format; change it only
 * with a new COMPACT_RESTROOM_FORMAT, which devices and the snapshot's header carry.
 */

/** Bumped whenever the tuple's shape changes, so stored and downloaded rows of another shape are never misread. */
export const COMPACT_RESTROOM_FORMAT = 1;

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

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

/**
 * Hours as day, open, close triples in one array (`[1, 900, 1700, 2, 900, 1700]`), or null when
 * unknown, as `WeeklyHours` holds them.
 */
export const CompactHoursSchema = Type.Union([Type.Array(Type.Integer({ minimum: 0, maximum: 2359 }), { maxItems: 28 * 3 }), Type.Null()]);

export const CompactRestroomSchema = Type.Tuple([
  IdSchema, // 0 id
  Type.String(), // 1 name
  Type.String(), // 2 street
  Type.String(), // 3 city
  Type.String(), // 4 state
  Type.String(), // 5 country
  NullableNumber, // 6 latitude
  NullableNumber, // 7 longitude
  Type.Integer({ minimum: 0, maximum: 2 ** COMPACT_FLAG_FIELDS.length - 1 }), // 8 flags
  RestroomStatusSchema, // 9 status
  Type.Integer({ minimum: 0 }), // 10 upvotes
  Type.Integer({ minimum: 0 }), // 11 downvotes
  Type.Union([IsoDateSchema, Type.Null()]), // 12 last_confirmed_at
  CompactHoursSchema, // 13 hours
  NullableString, // 14 place_id
  RestroomSourceSchema, // 15 source
  NullableString, // 16 username
  IsoDateSchema, // 17 created_at
  IsoDateSchema, // 18 updated_at
]);
export type CompactRestroom = Static<typeof CompactRestroomSchema>;
/** How many values a compact row holds. */
export const COMPACT_RESTROOM_FIELDS = 19;

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
  };
}
