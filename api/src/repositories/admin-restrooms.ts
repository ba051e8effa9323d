import type { AdminRestroom, PendingRestroom, RestroomDecisionBody, RestroomStatus } from '@allstall/shared';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, RestroomsTable } from '../db/schema.js';
import { timeZoneAt } from '../geo/time-zone.js';
import { flagFromBoolean } from './convert.js';
import { replaceHoursIn } from './restroom-changes.js';
import { restroomsWithHours, selectRestrooms, type RestroomRow } from './restrooms.js';

/** Restrooms as admins read them: every column the public gets, and the note for moderators. */
function selectAdminRestrooms(db: Kysely<Database>) {
  return selectRestrooms(db).select('restrooms.admin_comment');
}

type AdminRestroomRow = RestroomRow & { admin_comment: string | null };

async function adminRestroomsFrom(db: Kysely<Database>, rows: readonly AdminRestroomRow[]): Promise<AdminRestroom[]> {
  const restrooms = await restroomsWithHours(db, rows);
  return restrooms.map((restroom, index) => ({ ...restroom, admin_comment: rows[index]?.admin_comment ?? null }));
}

/** One restroom whatever its status, with the admin's note; undefined when there is no such row. */
export async function findAdminRestroom(db: Kysely<Database>, id: string): Promise<AdminRestroom | undefined> {
  const row = await selectAdminRestrooms(db).where('restrooms.id', '=', id).executeTakeFirst();
  if (row === undefined) return undefined;
  const [restroom] = await adminRestroomsFrom(db, [row]);
  return restroom;
}

/**
 * Restrooms awaiting approval, oldest first, each with the first live comment its adder left on it
 * (the 'comment' of the add dialog, which goes public with the restroom).
 */
export async function listPendingRestrooms(db: Kysely<Database>): Promise<PendingRestroom[]> {
  const rows = await selectAdminRestrooms(db)
    .where('restrooms.status', '=', 'pending')
    .orderBy('restrooms.created_at')
    .orderBy('restrooms.id')
    .execute();
  const adderComments = await db
    .selectFrom('comments')
    .innerJoin('restrooms', (join) =>
      join.onRef('restrooms.id', '=', 'comments.restroom_id').onRef('restrooms.added_by', '=', 'comments.user_id'),
    )
    .select(['comments.restroom_id', 'comments.content'])
    .where('restrooms.status', '=', 'pending')
    .where('comments.deleted_at', 'is', null)
    // Newest first, so the map below ends holding each restroom's first comment.
    .orderBy('comments.inserted_at', 'desc')
    .orderBy('comments.id', 'desc')
    .execute();
  const firstComment = new Map(adderComments.map((comment) => [comment.restroom_id, comment.content]));
  const restrooms = await adminRestroomsFrom(db, rows);
  return restrooms.map((restroom) => ({ ...restroom, adder_comment: firstComment.get(restroom.id) ?? null }));
}

/** What an admin may change on a restroom: the PATCH body's fields, whose names are the columns'. */
export type AdminRestroomChanges = Omit<RestroomDecisionBody, 'status'> & { status?: RestroomStatus };

/**
 * Applies an admin's changes inside the caller's transaction and stamps `version`, so devices pick
 * the change up on their next pull. Returns false when there is no such restroom.
 */
export async function editRestroomIn(
  trx: Transaction<Database>,
  id: string,
  { hours, ...changes }: AdminRestroomChanges,
  nowMs: number,
  version: number,
): Promise<boolean> {
  // A position is sent whole (restroomDecisionProblem), so a move names both coordinates, and the
  // restroom takes the time zone of where it now stands.
  const moved = changes.latitude !== undefined && changes.longitude !== undefined;
  const zone = moved ? { time_zone: timeZoneAt(changes.latitude ?? null, changes.longitude ?? null) } : {};
  const result = await trx
    .updateTable('restrooms')
    .set({ ...columnsOf(changes), ...zone, updated_at: nowMs, version })
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  if (hours !== undefined) await replaceHoursIn(trx, id, hours, nowMs, version);
  return true;
}

/** The changes as columns: each change is named after its column; booleans are stored as 0/1. */
function columnsOf(changes: Omit<AdminRestroomChanges, 'hours'>): Updateable<RestroomsTable> {
  const columns: Record<string, string | number | null> = {};
  for (const [column, value] of Object.entries(changes)) {
    if (value !== undefined) columns[column] = typeof value === 'boolean' ? flagFromBoolean(value) : value;
  }
  return columns;
}
