import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http/http-errors.js';
import { findDecider } from '../repositories/moderation-log.js';

/** The 409 a decision gets when another admin decided the item first; the client shows it as it is. */
export function alreadyHandled(adminName: string, field?: string): HttpError {
  return new HttpError(409, `Already handled by ${adminName}.`, field);
}

/**
 * The 409 for an item that is decided already: naming the admin when it is known who decided it,
 * otherwise saying how the item stands (`standing`: "this flag was approved").
 */
export function decidedAlready(decider: string | null | undefined, field: string, standing: string): HttpError {
  return decider === null || decider === undefined ? new HttpError(409, `Already handled: ${standing}.`, field) : alreadyHandled(decider, field);
}

/**
 * The error for an item that is no longer there to decide on: 409 naming the admin when the
 * moderation log says who took one of `actions` on it, otherwise `otherwise` (usually a 404).
 */
export async function goneOrAlreadyHandled(
  db: Kysely<Database>,
  item: { entity: string; id: string; actions: readonly string[] },
  otherwise: HttpError,
): Promise<HttpError> {
  const decider = await findDecider(db, item.entity, item.id, item.actions);
  return decider === undefined ? otherwise : alreadyHandled(decider, otherwise.field);
}
