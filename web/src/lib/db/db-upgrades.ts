import type { Transaction } from 'dexie';
import {
  COMPACT_AMENITY_FIELDS,
  COMPACT_RESTROOM_FIELDS,
  compactFlags,
  compactRestroom,
  type AccessValue,
  type CompactRestroom,
  type FeeValue,
  type Restroom,
} from '@allstall/shared';
import type { OutboxRow } from '../outbox/outbox-types';
import { groupIntoBuckets, type RestroomBucket } from '../sync/buckets';

/*
 * The device database's upgrades that rewrite what it holds (docs/offline-data.md#upgrades). Each
 * runs inside Dexie's upgrade transaction, before any screen or sender reads the tables, and keeps
 * the cursor, comments, meta and outbox: an offline phone loses nothing by updating the app.
 */

/** Before `access`, a yes/no `public` said only "open to everyone" or not; "not" could be customers, a key or unknown. */
function accessOfPublic(isPublic: unknown): AccessValue {
  return isPublic === true ? 'public' : null;
}

/** A restroom record as the version-2 database stored it: yes/no amenities, `public`, maybe no time zone, no fee. */
type StoredRestroom = Omit<Restroom, 'access' | 'time_zone' | 'fee'> & { public?: boolean; access?: AccessValue; time_zone?: string | null; fee?: FeeValue };

/** Version 3: one record per restroom becomes buckets of compact rows (written in today's format). */
export async function moveRestroomsIntoBuckets(tx: Transaction): Promise<void> {
  const stored = await tx.table<StoredRestroom, string>('restrooms').toArray();
  const rows = stored.map(({ public: isPublic, ...restroom }) =>
    compactRestroom({ ...restroom, access: restroom.access ?? accessOfPublic(isPublic), time_zone: restroom.time_zone ?? null, fee: restroom.fee ?? null }),
  );
  const records = [...groupIntoBuckets(rows)].map(([bucket, inBucket]): RestroomBucket => ({ bucket, rows: inBucket }));
  await tx.table<RestroomBucket, number>('restroomBuckets').bulkPut(records);
}

/** How many values a format-3 row holds: format 4 appended `fee`, so "shorter than today's" no longer means "before format 3". */
const FORMAT_3_FIELDS = 21;

/** Format 2's `flags` bits after the five amenities (bits 0-4, in COMPACT_AMENITY_FIELDS order). */
const FORMAT_2_PUBLIC_BIT = 1 << 5;
const FORMAT_2_REMOVED_BIT = 1 << 6;

/**
 * A stored row of format 1 (19 values) or 2 (20) as format 3. Every amenity was a yes/no then, so
 * each is known with its old value; the server's own migration makes unknown what its source never
 * said, with a new feed version, so the next pull brings those. `public` becomes access 'public' or
 * unknown. A row already of format 3 is returned as it is.
 */
function compactRowToFormat3(row: readonly unknown[]): CompactRestroom {
  if (row.length >= FORMAT_3_FIELDS) return row as CompactRestroom;
  const old = row[8] as number;
  const amenities = Object.fromEntries(COMPACT_AMENITY_FIELDS.map((field, bit) => [field, (old & (1 << bit)) !== 0]));
  const flags = compactFlags({ ...(amenities as Record<(typeof COMPACT_AMENITY_FIELDS)[number], boolean>), is_removed: (old & FORMAT_2_REMOVED_BIT) !== 0 });
  const timeZone = row.length > 19 ? row[19] : null;
  return [...row.slice(0, 8), flags, ...row.slice(9, 19), timeZone ?? null, accessOfPublic((old & FORMAT_2_PUBLIC_BIT) !== 0)] as CompactRestroom;
}

/**
 * A queued write as today's server reads it. A new restroom's `is_public` becomes `access` (the
 * server would still read it, but one field says it); an admin's edit that changed `public`, which
 * the server no longer accepts, changes `access` instead. Everything else goes as it was queued:
 * feedback, flags (without `access` the server keeps the restroom's own), deletions.
 */
function outboxRowForVersion4(row: OutboxRow): OutboxRow {
  if (row.kind === 'restroom') {
    const { is_public, ...restroom } = row.body.bathroomToAdd;
    if (is_public === undefined) return row;
    return { ...row, body: { ...row.body, bathroomToAdd: { ...restroom, access: restroom.access ?? accessOfPublic(is_public) } } };
  }
  if (row.kind === 'restroom-decision') {
    const { public: isPublic, ...decision } = row.body.decision as typeof row.body.decision & { public?: boolean };
    if (isPublic === undefined) return row;
    return { ...row, body: { ...row.body, decision: { ...decision, access: decision.access ?? accessOfPublic(isPublic) } } };
  }
  return row;
}

/** Version 4: compact rows go to format 3 and queued writes lose `public`; cursor, comments and meta stay. */
export async function upgradeToFormat3(tx: Transaction): Promise<void> {
  const buckets = tx.table<RestroomBucket, number>('restroomBuckets');
  const records = await buckets.toArray();
  const changed = records.filter((record) => record.rows.some((row) => row.length < FORMAT_3_FIELDS));
  await buckets.bulkPut(changed.map((record) => ({ bucket: record.bucket, rows: record.rows.map(compactRowToFormat3) })));

  const outbox = tx.table<OutboxRow, string>('outbox');
  const rewritten = (await outbox.toArray()).map((row) => [row, outboxRowForVersion4(row)] as const).filter(([row, after]) => after !== row);
  await outbox.bulkPut(rewritten.map(([, after]) => after));
}

/**
 * A stored row of format 3 (or older, through format 3) as format 4: `fee` appended as unknown, which
 * is all the device knows; the server's next feed versions bring what an import or a person has
 * said since. A row already of format 4 is returned as it is.
 */
function compactRowToFormat4(row: readonly unknown[]): CompactRestroom {
  if (row.length >= COMPACT_RESTROOM_FIELDS) return row as CompactRestroom;
  return [...compactRowToFormat3(row), null] as unknown as CompactRestroom;
}

/**
 * Version 6: compact rows go to format 4 (fee unknown). Queued writes are left exactly as they are:
 * the server reads a new restroom or a flag without `fee` as an app from before it (a new one's fee
 * unknown, a flag keeping the restroom's own), so each still goes once, as queued. The column index
 * is dropped: its filter bits and its nearby rows were of format 3, and the first start rebuilds it.
 */
export async function upgradeToFormat4(tx: Transaction): Promise<void> {
  const buckets = tx.table<RestroomBucket, number>('restroomBuckets');
  const records = await buckets.toArray();
  const changed = records.filter((record) => record.rows.some((row) => row.length < COMPACT_RESTROOM_FIELDS));
  await buckets.bulkPut(changed.map((record) => ({ bucket: record.bucket, rows: record.rows.map(compactRowToFormat4) })));
  await tx.table('restroomIndex').clear();
}
