import { deviceNameOf, deviceNameText, PERSONAL_DATA_FORMAT, type PersonalData, type User } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isoFromEpochMs } from '../repositories/convert.js';
import {
  commentsWrittenBy,
  confirmationsBy,
  contactMessagesBy,
  decisionsMadeBy,
  flagsRaisedBy,
  restroomsAddedBy,
  votesGivenBy,
} from '../repositories/personal-data.js';
import { findSecondFactor, secondFactorIsOn } from '../repositories/second-factors.js';
import { listSessionsOf } from '../repositories/sessions.js';

/**
 * Everything the server holds that `user` made or did (GET /api/user/export; docs/privacy.md), read
 * in one transaction so the file is one moment's picture. Never the password's hash, the second
 * factor's secret or the recovery codes: they open the account and are no one's to carry around.
 */
export async function exportPersonalData(db: Kysely<Database>, user: User, nowMs: number): Promise<PersonalData> {
  return db.transaction().execute(async (trx) => {
    const factor = await findSecondFactor(trx, user.id);
    const sessions = await listSessionsOf(trx, user.id, nowMs);
    return {
      format: PERSONAL_DATA_FORMAT,
      exported_at: isoFromEpochMs(nowMs),
      account: {
        id: user.id,
        username: user.username,
        is_admin: user.is_admin,
        joined_at: user.inserted_at,
        second_factor: secondFactorIsOn(factor),
      },
      sessions: sessions.map((session) => ({
        device: deviceNameText(deviceNameOf(session.userAgent)),
        user_agent: session.userAgent,
        signed_in_at: session.createdAtMs === null ? null : isoFromEpochMs(session.createdAtMs),
        last_used_at: session.lastUsedAtMs === null ? null : isoFromEpochMs(session.lastUsedAtMs),
        expires_at: isoFromEpochMs(session.expiresAtMs),
      })),
      comments: await commentsWrittenBy(trx, user.id),
      votes: await votesGivenBy(trx, user.id),
      confirmations: await confirmationsBy(trx, user.id),
      flags: await flagsRaisedBy(trx, user.id),
      contact_messages: await contactMessagesBy(trx, user.id),
      restrooms_added: await restroomsAddedBy(trx, user.id),
      moderation_decisions: await decisionsMadeBy(trx, user.id),
    };
  });
}
