import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

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
