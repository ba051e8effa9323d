import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../src/db/schema.js';
import { newRestroomBody } from '../support/fixtures.js';
import type { QueuedWrite } from './retrying-client.js';

/*
 * The writes of the crash test: what people do most, each under a UUIDv7 made on the "device", and
 * each leaving rows that carry a text of its own, so the test can count how often each one landed.
 */

/** Which of the app's writes a planned write is. */
type CrashWriteKind = 'new restroom' | 'comment' | 'contact';

/** A planned write and the text that finds the rows it makes. */
export interface CrashWrite extends QueuedWrite {
  kind: CrashWriteKind;
  text: string;
}

/** What one write left in the database, read back the same way for every kind. */
export interface LandedWrite {
  kind: CrashWriteKind;
  id: string;
  text: string;
  /** For a new restroom: its hours rows and comments, which must land with it or not at all. */
  parts?: { hours: number; comments: number };
}

const KINDS: readonly CrashWriteKind[] = ['new restroom', 'comment', 'contact'];
const { bathroomHours: HOURS, bathroomToAdd: ADDED } = newRestroomBody();

/** `count` writes, the kinds taking turns: restrooms to add, comments with a thumb on `restroomId`, messages. */
export function crashWrites(count: number, restroomId: string): CrashWrite[] {
  return Array.from({ length: count }, (_, index) => {
    const key = uuidv7();
    const kind = KINDS[index % KINDS.length] ?? 'contact';
    if (kind === 'new restroom') {
      const text = `Crash test restroom ${index}`;
      return { kind, key, text, url: '/api/bathrooms', body: { bathroomToAdd: { ...ADDED, id: key, name: text }, bathroomHours: HOURS } };
    }
    if (kind === 'comment') {
      const text = `Clean and quiet, visit ${index}`;
      return { kind, key, text, url: '/api/feedback', body: { restroom_id: restroomId, upvote: index % 2, downvote: 1 - (index % 2), comment: text } };
    }
    const text = `Please check the hours of the library, message ${index}`;
    return { kind, key, text, url: '/api/contact', body: { details: text } };
  });
}

/** What a write should have left behind, exactly once, if it landed. */
export function expectedLanding(write: CrashWrite): LandedWrite {
  const landed = { kind: write.kind, id: write.key, text: write.text };
  return write.kind === 'new restroom' ? { ...landed, parts: { hours: HOURS?.length ?? 0, comments: 1 } } : landed;
}

/** Every row the person's writes made, as LandedWrites, so the test can compare them with the plan. */
export async function landedWrites(db: Kysely<Database>, userId: string, restroomId: string): Promise<LandedWrite[]> {
  const restrooms = await db.selectFrom('restrooms').select(['id', 'name']).where('added_by', '=', userId).execute();
  const hours = await db.selectFrom('opening_hours').select('restroom_id').execute();
  const comments = await db.selectFrom('comments').select(['id', 'restroom_id', 'content']).where('user_id', '=', userId).execute();
  const messages = await db.selectFrom('contact').select(['id', 'details']).where('user_id', '=', userId).execute();
  const countOf = (rows: Array<{ restroom_id: string }>, id: string) => rows.filter((row) => row.restroom_id === id).length;
  return [
    ...restrooms.map((row) => ({
      kind: 'new restroom' as const,
      id: row.id,
      text: row.name,
      parts: { hours: countOf(hours, row.id), comments: countOf(comments, row.id) },
    })),
    ...comments.filter((row) => row.restroom_id === restroomId).map((row) => ({ kind: 'comment' as const, id: row.id, text: row.content })),
    ...messages.map((row) => ({ kind: 'contact' as const, id: row.id, text: row.details })),
  ];
}
