import type { ContactBody, ContactReceipt, User } from '@allstall/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { insertContact } from '../repositories/contact.js';
import { isoFromEpochMs } from '../repositories/convert.js';

/**
 * 'Contact Us!' (POST /api/contact) inside the write's transaction: the message, trimmed, under
 * `messageId` for the admins' 'Feedback' list. Messages are for admins only, so the change feed stays put.
 */
export async function contactAdmins(
  trx: Transaction<Database>,
  user: User,
  body: ContactBody,
  messageId: string,
  nowMs: number,
): Promise<ContactReceipt> {
  await insertContact(trx, { id: messageId, userId: user.id, details: body.details.trim(), insertedAtMs: nowMs });
  return { id: messageId, inserted_at: isoFromEpochMs(nowMs) };
}
