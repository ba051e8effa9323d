import type { ContactItem, User } from '@allstall/shared';
import type { Transaction } from 'kysely';
import { decidedAlready, goneOrAlreadyHandled } from './already-handled.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { findContactItem, resolveContactIn } from '../repositories/contact.js';
import { logDecision } from '../repositories/moderation-log.js';

const CONTACT_DECISIONS = ['contact.resolve'] as const;

/**
 * PATCH /api/contact/:id inside the write's transaction: 'Mark as resolved'. A message someone
 * resolved already is a 409 naming them. Messages are for admins only, so the change feed stays put.
 */
export async function resolveContact(trx: Transaction<Database>, admin: User, id: string, nowMs: number): Promise<ContactItem> {
  const before = await findContactItem(trx, id);
  if (before === undefined) {
    throw await goneOrAlreadyHandled(trx, { entity: 'contact', id, actions: CONTACT_DECISIONS }, new HttpError(404, 'contact.notFound', { field: 'id' }));
  }
  if (!(await resolveContactIn(trx, id, admin.id, nowMs))) {
    // Read again: on PostgreSQL the resolution that beat ours may have committed after `before` was read.
    const resolvedBy = (await findContactItem(trx, id))?.resolved_by ?? before.resolved_by;
    throw decidedAlready(resolvedBy, 'resolved', { code: 'moderation.contactResolved' });
  }
  const after = await findContactItem(trx, id);
  if (after === undefined) throw new Error(`message ${id} vanished inside its own transaction`);
  await logDecision(trx, { actorId: admin.id, action: 'contact.resolve', entity: 'contact', entityId: id, before, after, atMs: nowMs });
  return after;
}
