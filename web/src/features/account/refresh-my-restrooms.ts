import type { ApiClient } from '@/lib/api/api-client';
import { metaGet, metaSet, type AllstallDb } from '@/lib/db/db';

/**
 * Replaces what the device knows of a person's additions with the server's list, which also has
 * those made on other devices and the admins' decisions since. A receipt the outbox stored while
 * the list was on its way is kept: the list may have been read before that restroom existed.
 * Failures are quiet: offline, or signed out, the device's own copy is what there is.
 */
export async function refreshMyRestrooms(db: AllstallDb, api: Pick<ApiClient, 'myRestrooms'>, userId: string): Promise<void> {
  const before = await metaGet(db, 'myRestrooms');
  const knownBefore = new Set(before?.userId === userId ? before.restrooms.map((restroom) => restroom.id) : []);
  let fetched;
  try {
    fetched = await api.myRestrooms(userId);
  } catch {
    return;
  }
  const fetchedIds = new Set(fetched.map((restroom) => restroom.id));
  await db.transaction('rw', db.meta, async () => {
    const now = await metaGet(db, 'myRestrooms');
    const arrived = now?.userId === userId ? now.restrooms.filter((r) => !fetchedIds.has(r.id) && !knownBefore.has(r.id)) : [];
    await metaSet(db, 'myRestrooms', { userId, restrooms: [...fetched, ...arrived] });
  });
}
