import type { ApiErrorCode, ApiErrorParams } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { findDecider } from '../repositories/moderation-log.js';

/** The 409 a decision gets when another admin decided the item first; the client shows it as it is. */
function alreadyHandled(adminName: string, field?: string): HttpError {
  return new HttpError(409, 'moderation.alreadyHandledBy', { field, params: { name: adminName } });
}

/** How a decided item stands, said when no one is named: "this flag was approved". */
export interface Standing {
  code: Extract<ApiErrorCode, 'moderation.restroomDecided' | 'moderation.flagDecided' | 'moderation.contactResolved'>;
  params?: ApiErrorParams;
}

/**
 * The 409 for an item that is decided already: naming the admin when it is known who decided it,
 * otherwise saying how the item stands.
 */
export function decidedAlready(decider: string | null | undefined, field: string, standing: Standing): HttpError {
  return decider === null || decider === undefined ? new HttpError(409, standing.code, { field, params: standing.params }) : alreadyHandled(decider, field);
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
