import { useMemo } from 'react';
import { useOutboxRows } from '@/hooks/use-outbox-rows';
import type { Thumb } from '@/lib/db/db';
import { commentIdsBeingDeleted, queuedComments, queuedVotes, rowIsOnItsWay, type QueuedComment } from '@/lib/outbox/queued-writes';

export interface QueuedForRestroom {
  /** The thumb still on its way for this restroom, added to the mirror's counts. */
  vote: Thumb | undefined;
  /** Comments not yet on the server, newest first. */
  comments: QueuedComment[];
  /** Mirror comments whose deletion this person has on its way. */
  hiddenCommentIds: ReadonlySet<string>;
}

/**
 * What this device has written about one restroom that the server has not confirmed. A refused
 * comment is shown only to its author, the one person who can fix or discard it; a comment is
 * hidden only from the person whose deletion of it is on its way.
 */
export function useQueuedForRestroom(restroomId: string, userId: string | null): QueuedForRestroom {
  const rows = useOutboxRows();
  return useMemo(() => {
    const all = rows ?? [];
    return {
      vote: queuedVotes(all).get(restroomId),
      comments: queuedComments(all).filter(
        (comment) => comment.restroomId === restroomId && (rowIsOnItsWay(comment) || comment.userId === userId),
      ),
      hiddenCommentIds: commentIdsBeingDeleted(all.filter((row) => row.userId === userId)),
    };
  }, [rows, restroomId, userId]);
}
