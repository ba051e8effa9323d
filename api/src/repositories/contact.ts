import type { ContactItem } from '@allstall/shared';
import type { InferResult, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { booleanFromFlag, isoFromEpochMs } from './convert.js';

/** What it takes to store a message to the admins. */
export interface NewContact {
  id: string;
  userId: string;
  details: string;
  insertedAtMs: number;
}

/** Stores an unresolved message to the admins. */
export async function insertContact(trx: Transaction<Database>, contact: NewContact): Promise<void> {
  await trx
    .insertInto('contact')
    .values({
      id: contact.id,
      user_id: contact.userId,
      details: contact.details,
      inserted_at: contact.insertedAtMs,
      resolved: 0,
      resolved_by: null,
      resolved_at: null,
    })
    .execute();
}

/** The one place a message is read for admins: with its sender's and resolver's names. */
function selectContactItems(db: Kysely<Database>) {
  return db
    .selectFrom('contact')
    .innerJoin('users as sender', 'sender.id', 'contact.user_id')
    .leftJoin('users as resolver', 'resolver.id', 'contact.resolved_by')
    .select([
      'contact.id',
      'contact.user_id',
      'contact.details',
      'contact.inserted_at',
      'contact.resolved',
      'contact.resolved_at',
      'sender.username',
      'resolver.username as resolver_username',
    ]);
}

function contactItemFromRow(row: InferResult<ReturnType<typeof selectContactItems>>[number]): ContactItem {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    details: row.details,
    inserted_at: isoFromEpochMs(row.inserted_at),
    resolved: booleanFromFlag(row.resolved),
    resolved_by: row.resolver_username,
    resolved_at: row.resolved_at === null ? null : isoFromEpochMs(row.resolved_at),
  };
}

/** Every message, unresolved ones first, each group oldest first. */
export async function listContactItems(db: Kysely<Database>): Promise<ContactItem[]> {
  const rows = await selectContactItems(db).orderBy('contact.resolved').orderBy('contact.inserted_at').orderBy('contact.id').execute();
  return rows.map(contactItemFromRow);
}

/** One message; undefined when there is no such message. */
export async function findContactItem(db: Kysely<Database>, id: string): Promise<ContactItem | undefined> {
  const row = await selectContactItems(db).where('contact.id', '=', id).executeTakeFirst();
  return row && contactItemFromRow(row);
}

/**
 * Marks a message resolved inside the caller's transaction; false when it was resolved already. On
 * PostgreSQL a second admin's update waits for the first one's row lock and then finds nothing to do.
 */
export async function resolveContactIn(trx: Transaction<Database>, id: string, adminId: string, atMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('contact')
    .set({ resolved: 1, resolved_by: adminId, resolved_at: atMs })
    .where('id', '=', id)
    .where('resolved', '=', 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
