import type { PersonalData } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { booleanFromFlag, isoFromEpochMs } from './convert.js';
import { FLAG_PROPOSAL_COLUMNS, flagProposalFromRow } from './flags.js';

/*
 * What one person made or did, table by table, for their download (GET /api/user/export;
 * docs/privacy.md). Every query is by that person's id alone: nobody else's rows.
 */

type Db = Kysely<Database>;
const isoOrNull = (epochMs: number | null) => (epochMs === null ? null : isoFromEpochMs(epochMs));

export async function commentsWrittenBy(db: Db, userId: string): Promise<PersonalData['comments']> {
  const rows = await db
    .selectFrom('comments')
    .innerJoin('restrooms', 'restrooms.id', 'comments.restroom_id')
    .select(['comments.id', 'comments.restroom_id', 'restrooms.name', 'comments.content', 'comments.inserted_at', 'comments.deleted_at'])
    .where('comments.user_id', '=', userId)
    .orderBy('comments.inserted_at')
    .orderBy('comments.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    restroom_id: row.restroom_id,
    restroom_name: row.name,
    content: row.content,
    written_at: isoFromEpochMs(row.inserted_at),
    deleted_at: isoOrNull(row.deleted_at),
  }));
}

export async function votesGivenBy(db: Db, userId: string): Promise<PersonalData['votes']> {
  const rows = await db
    .selectFrom('votes')
    .innerJoin('restrooms', 'restrooms.id', 'votes.restroom_id')
    .select(['votes.restroom_id', 'restrooms.name', 'votes.vote', 'votes.updated_at'])
    .where('votes.user_id', '=', userId)
    .orderBy('votes.updated_at')
    .orderBy('votes.restroom_id')
    .execute();
  return rows.map((row) => ({ restroom_id: row.restroom_id, restroom_name: row.name, vote: row.vote > 0 ? 1 : -1, updated_at: isoFromEpochMs(row.updated_at) }));
}

export async function confirmationsBy(db: Db, userId: string): Promise<PersonalData['confirmations']> {
  const rows = await db
    .selectFrom('confirmations')
    .innerJoin('restrooms', 'restrooms.id', 'confirmations.restroom_id')
    .select(['confirmations.id', 'confirmations.restroom_id', 'restrooms.name', 'confirmations.day', 'confirmations.created_at'])
    .where('confirmations.user_id', '=', userId)
    .orderBy('confirmations.created_at')
    .orderBy('confirmations.id')
    .execute();
  return rows.map((row) => ({ id: row.id, restroom_id: row.restroom_id, restroom_name: row.name, day: row.day, confirmed_at: isoFromEpochMs(row.created_at) }));
}

export async function flagsRaisedBy(db: Db, userId: string): Promise<PersonalData['flags']> {
  const rows = await db
    .selectFrom('flags')
    .innerJoin('restrooms', 'restrooms.id', 'flags.restroom_id')
    .select([
      'flags.id',
      'flags.restroom_id',
      'restrooms.name',
      ...FLAG_PROPOSAL_COLUMNS,
      'flags.other',
      'flags.status',
      'flags.created_at',
      'flags.resolved_at',
    ])
    .where('flags.user_id', '=', userId)
    .orderBy('flags.created_at')
    .orderBy('flags.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    restroom_id: row.restroom_id,
    restroom_name: row.name,
    proposed: flagProposalFromRow(row),
    other: row.other,
    status: row.status,
    created_at: isoFromEpochMs(row.created_at),
    resolved_at: isoOrNull(row.resolved_at),
  }));
}

export async function contactMessagesBy(db: Db, userId: string): Promise<PersonalData['contact_messages']> {
  const rows = await db
    .selectFrom('contact')
    .select(['id', 'details', 'inserted_at', 'resolved', 'resolved_at'])
    .where('user_id', '=', userId)
    .orderBy('inserted_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    details: row.details,
    sent_at: isoFromEpochMs(row.inserted_at),
    resolved: booleanFromFlag(row.resolved),
    resolved_at: isoOrNull(row.resolved_at),
  }));
}

export async function restroomsAddedBy(db: Db, userId: string): Promise<PersonalData['restrooms_added']> {
  const rows = await db
    .selectFrom('restrooms')
    .select(['id', 'name', 'street', 'city', 'status', 'created_at'])
    .where('added_by', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, street: row.street, city: row.city, status: row.status, added_at: isoFromEpochMs(row.created_at) }));
}

export async function decisionsMadeBy(db: Db, userId: string): Promise<PersonalData['moderation_decisions']> {
  const rows = await db
    .selectFrom('moderation_log')
    .select(['id', 'action', 'entity', 'entity_id', 'created_at'])
    .where('actor_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, action: row.action, entity: row.entity, entity_id: row.entity_id, decided_at: isoFromEpochMs(row.created_at) }));
}
