import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/schema.js';

/** One admin decision as the audit trail keeps it. */
export interface Decision {
  actorId: string | null;
  /** What was done, `entity.verb`: 'user.delete', 'restroom.approve', 'flag.reject', ... */
  action: string;
  entity: string;
  entityId: string;
  /** The item before and after the decision; stored as JSON so it can be explained (or undone by hand) later. */
  before: unknown;
  after: unknown;
  atMs: number;
}

/** Records a decision inside the transaction that makes it, so the log and the change stand or fall together. */
export async function logDecision(trx: Transaction<Database>, decision: Decision): Promise<void> {
  await trx
    .insertInto('moderation_log')
    .values({
      id: uuidv7(),
      actor_id: decision.actorId,
      action: decision.action,
      entity: decision.entity,
      entity_id: decision.entityId,
      before_json: jsonOrNull(decision.before),
      after_json: jsonOrNull(decision.after),
      created_at: decision.atMs,
    })
    .execute();
}

/**
 * The username of the admin who last took one of `actions` on the item, for 'Already handled by
 * NAME.'; undefined when the log has no such decision (or its admin's account row is gone).
 */
export async function findDecider(
  db: Kysely<Database>,
  entity: string,
  entityId: string,
  actions: readonly string[],
): Promise<string | undefined> {
  if (actions.length === 0) return undefined;
  const row = await db
    .selectFrom('moderation_log')
    .innerJoin('users', 'users.id', 'moderation_log.actor_id')
    .select('users.username')
    .where('moderation_log.entity', '=', entity)
    .where('moderation_log.entity_id', '=', entityId)
    .where('moderation_log.action', 'in', actions)
    .orderBy('moderation_log.created_at', 'desc')
    .orderBy('moderation_log.id', 'desc')
    .executeTakeFirst();
  return row?.username;
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
