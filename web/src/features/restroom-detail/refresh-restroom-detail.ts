import type { ApiClient } from '../../lib/api-client';
import type { AllstallDb } from '../../lib/db';

/**
 * Puts the server's current copy of one restroom and its comments into the mirror. Failures are
 * quiet on purpose: the mirror already holds a copy, and the next sync will catch up.
 */
export async function refreshRestroomDetail(db: AllstallDb, api: Pick<ApiClient, 'restroomDetail'>, id: string): Promise<void> {
  let detail;
  try {
    detail = await api.restroomDetail(id);
  } catch {
    return;
  }
  // A 404 is left to the sync feed, which also says why a row left (removed, rejected, deleted).
  if (!detail) return;
  const { comments, ...restroom } = detail;
  await db.transaction('rw', db.restrooms, db.comments, async () => {
    await db.restrooms.put(restroom);
    const fresh = new Set(comments.map((comment) => comment.id));
    const stale = await db.comments.where('restroom_id').equals(id).filter((c) => !fresh.has(c.id)).primaryKeys();
    await db.comments.bulkDelete(stale);
    await db.comments.bulkPut(comments);
  });
}
