import type { Comment, Restroom } from '@allstall/shared';
import type { ApiClient, FetchedRestroomDetail } from '@/lib/api/api-client';
import type { MirrorWriter } from '@/lib/sync/mirror-writer';

/** What the api said of one restroom: its current copy, that it has none to show (404), or nothing (no answer). */
export type RestroomDetailAnswer =
  | { kind: 'found'; restroom: Restroom; comments: Comment[] }
  | { kind: 'missing' }
  | { kind: 'failed' };

/**
 * Asks the api for one restroom and its comments, and puts the answer into the mirror through the
 * mirror's one writer, which keeps it out when a pull already brought something newer. The answer
 * is returned as soon as it arrives, before the mirror has it: on a first visit straight to a shared
 * link the mirror may be busy with the first sync for a while (docs/offline-data.md). A failure is
 * quiet here: the screen decides what it means, and the next sync catches up.
 */
export async function refreshRestroomDetail(
  mirror: MirrorWriter,
  api: Pick<ApiClient, 'restroomDetail'>,
  id: string,
): Promise<RestroomDetailAnswer> {
  let fetched: FetchedRestroomDetail | null;
  try {
    fetched = await api.restroomDetail(id);
  } catch {
    return { kind: 'failed' };
  }
  // A 404 is left to the sync feed for the mirror, which also says why a row left (removed, rejected, deleted).
  if (!fetched) return { kind: 'missing' };
  const { comments, ...restroom } = fetched.detail;
  void mirror.applyRestroomAnswer({ restroom, feedVersion: fetched.feedVersion, comments, allComments: true }).catch(() => undefined);
  return { kind: 'found', restroom, comments };
}
