import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** A thumb as stored in `votes.vote`: up is +1, down is -1. */
export type Thumb = 1 | -1;

/** The person's standing thumb for a restroom, if they ever gave one. */
export async function findThumb(db: Kysely<Database>, restroomId: string, userId: string): Promise<Thumb | undefined> {
  const row = await db
    .selectFrom('votes')
    .select('vote')
    .where('restroom_id', '=', restroomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return row.vote > 0 ? 1 : -1;
}

/** What it takes to record a thumb. */
export interface NewThumb {
  restroomId: string;
  userId: string;
  thumb: Thumb;
  nowMs: number;
}

/** Records the person's thumb for a restroom, replacing any earlier one: one vote per person. */
export async function upsertThumb(trx: Transaction<Database>, vote: NewThumb): Promise<void> {
  await trx
    .insertInto('votes')
    .values({ restroom_id: vote.restroomId, user_id: vote.userId, vote: vote.thumb, updated_at: vote.nowMs })
    .onConflict((oc) =>
      oc.columns(['restroom_id', 'user_id']).doUpdateSet((eb) => ({
        vote: eb.ref('excluded.vote'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Removes every thumb a person gave; returns them, so the restrooms' counts can be moved back. */
export async function deleteThumbsBy(trx: Transaction<Database>, userId: string): Promise<Array<{ restroomId: string; thumb: Thumb }>> {
  const rows = await trx.deleteFrom('votes').where('user_id', '=', userId).returning(['restroom_id', 'vote']).execute();
  return rows.map((row) => ({ restroomId: row.restroom_id, thumb: row.vote > 0 ? 1 : -1 }));
}
