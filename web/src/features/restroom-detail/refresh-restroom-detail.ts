import type { ApiClient } from '../../lib/api-client';
import type { MirrorWriter } from '../../lib/sync/mirror-writer';

/**
 * Puts the server's current copy of one restroom and its comments into the mirror, through the
 * mirror's one writer, which keeps it out when a pull already brought something newer. Failures
 * are quiet on purpose: the mirror already holds a copy, and the next sync will catch up.
 */
export async function refreshRestroomDetail(mirror: MirrorWriter, api: Pick<ApiClient, 'restroomDetail'>, id: string): Promise<void> {
  let fetched;
  try {
    fetched = await api.restroomDetail(id);
  } catch {
    return;
  }
  // A 404 is left to the sync feed, which also says why a row left (removed, rejected, deleted).
  if (!fetched) return;
  const { comments, ...restroom } = fetched.detail;
  await mirror.applyRestroomAnswer({ restroom, feedVersion: fetched.feedVersion, comments, allComments: true });
}
