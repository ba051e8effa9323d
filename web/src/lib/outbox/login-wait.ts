import { metaGet, metaSet, type AllstallDb } from '../db/db';
import { NEEDS_LOGIN, NO_REASON } from './outbox-reasons';
import type { OutboxRow } from './outbox-types';

/** The statuses a sender may pick up: waiting, or left mid-send by a run that ended (a closed tab). */
export const SENDABLE: OutboxRow['status'][] = ['pending', 'sending'];

/** The matching writes wait for their author's next login, and say so. */
export async function holdUntilLogin(db: AllstallDb, whose: (userId: string) => boolean): Promise<void> {
  await db.outbox
    .where('status')
    .anyOf(SENDABLE)
    .filter((row) => whose(row.userId))
    .modify({ status: 'needs-login', ...NEEDS_LOGIN });
}

/** The session is gone: every write of this person waits for their next login, and the device forgets them. */
export async function holdForLogin(db: AllstallDb, userId: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.meta, async () => {
    await holdUntilLogin(db, (author) => author === userId);
    const user = await metaGet(db, 'user');
    if (user?.id === userId) await metaSet(db, 'user', null);
  });
}

/** The person logged in again: what waited for them goes out as if new. */
export async function releaseAfterLogin(db: AllstallDb, userId: string): Promise<void> {
  await db.outbox
    .where('status')
    .equals('needs-login')
    .filter((row) => row.userId === userId)
    .modify({ status: 'pending', nextAttemptAt: 0, ...NO_REASON });
}
