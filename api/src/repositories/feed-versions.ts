import type { Kysely, Transaction } from 'kysely';
import type { Database, MetaKey, TombstoneEntity } from '../db/schema.js';

/*
 * The change feed's bookkeeping (docs/architecture.md#the-change-feed). Each write that changes what the public sees
 * takes fresh versions here, inside its own transaction, and stamps one on every row it changed.
 * Every row gets a distinct version, so the feed's cursor can be just "the last version seen" and a
 * page boundary never falls between two rows that share one.
 *
 * On PostgreSQL the UPDATE below locks the `seq` row until the transaction ends, so versions are
 * committed in the order they are handed out and a reader never sees version n+1 before n.
 */

/** Reserves `count` consecutive versions and returns them in ascending order. */
export async function nextVersions(trx: Transaction<Database>, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const { value: lastVersion } = await trx
    .updateTable('meta')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('key', '=', 'seq')
    .returning('value')
    .executeTakeFirstOrThrow();
  const firstVersion = lastVersion - count + 1;
  return Array.from({ length: count }, (_, offset) => firstVersion + offset);
}

/** Reserves a single version. */
export async function nextVersion(trx: Transaction<Database>): Promise<number> {
  const [version] = await nextVersions(trx, 1);
  if (version === undefined) throw new Error('nextVersions returned nothing for one version');
  return version;
}

/**
 * Records that rows were deleted outright, so devices that mirrored them drop them on their next
 * pull. Call it in the transaction that deletes the rows.
 */
export async function writeTombstones(
  trx: Transaction<Database>,
  entity: TombstoneEntity,
  ids: readonly string[],
  deletedAtMs: number,
): Promise<void> {
  if (ids.length === 0) return;
  const versions = await nextVersions(trx, ids.length);
  await trx
    .insertInto('tombstones')
    .values(ids.map((id, index) => ({ entity, id, version: versions[index] ?? 0, deleted_at: deletedAtMs })))
    // A re-created-then-deleted id (an import can do that) just moves its tombstone forward.
    .onConflict((oc) => oc.columns(['entity', 'id']).doUpdateSet((eb) => ({
      version: eb.ref('excluded.version'),
      deleted_at: eb.ref('excluded.deleted_at'),
    })))
    .execute();
}

/** A counter from `meta`: `seq` (the last version handed out), `tombstone_floor` or `write_key_floor`. */
export async function readMeta(db: Kysely<Database>, key: MetaKey): Promise<number> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? 0;
}

/**
 * Raises a floor in `meta` (`tombstone_floor`, `write_key_floor`) to `value`, never lowers it: a floor
 * only ever grows, whatever order two sweepers commit in.
 */
export async function raiseMetaFloor(trx: Transaction<Database>, key: 'tombstone_floor' | 'write_key_floor', value: number): Promise<void> {
  await trx.updateTable('meta').set({ value }).where('key', '=', key).where('value', '<', value).execute();
}

/** Both counters in one read: the last version handed out (`seq`) and the tombstone floor. */
export async function readFeedBounds(db: Kysely<Database>): Promise<{ seq: number; floor: number }> {
  const rows = await db.selectFrom('meta').select(['key', 'value']).where('key', 'in', ['seq', 'tombstone_floor']).execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? 0;
  return { seq: value('seq'), floor: value('tombstone_floor') };
}

/**
 * Forgets up to `limit` tombstones of deletions made before `beforeMs`, in one short transaction,
 * and raises `tombstone_floor` to the newest forgotten version in that same transaction: a device
 * whose cursor is below it may have missed one of them, and is told to start over (pull-changes.ts).
 */
export async function pruneOldTombstones(db: Kysely<Database>, beforeMs: number, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('tombstones')
      .select(['entity', 'id', 'version'])
      .where('deleted_at', '<', beforeMs)
      .orderBy('version')
      .limit(limit)
      .execute();
    if (old.length === 0) return 0;
    const newest = Math.max(...old.map((row) => Number(row.version)));
    await raiseMetaFloor(trx, 'tombstone_floor', newest);
    let deleted = 0;
    for (const entity of ['restroom', 'comment'] as const) {
      const ids = old.filter((row) => row.entity === entity).map((row) => row.id);
      if (ids.length === 0) continue;
      const result = await trx.deleteFrom('tombstones').where('entity', '=', entity).where('id', 'in', ids).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  });
}
