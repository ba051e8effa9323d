import { useLiveQuery } from 'dexie-react-hooks';
import { useMirror } from '@/hooks/use-mirror';
import type { OutboxStatus } from '@/lib/outbox/outbox-types';
import { commentIdsBeingDeleted, queuedComments, type FeedbackRow } from '@/lib/outbox/queued-writes';
import { useServices } from '@/lib/services';

interface CommentBase {
  /** Unique across both kinds, for React keys. */
  key: string;
  restroom_id: string;
  restroomName: string | null;
  content: string;
}

/** A comment the server holds (from the mirror), or one still travelling in queued feedback. */
export type MyComment =
  | (CommentBase & { kind: 'posted'; id: string; inserted_at: string })
  | (CommentBase & { kind: 'queued'; row: FeedbackRow; status: OutboxStatus });

/**
 * The person's comments, newest first: still-queued ones on top, then the mirror's, leaving out
 * those whose deletion is queued. Each carries the name of the restroom it is about.
 */
export function useMyComments(userId: string): MyComment[] | undefined {
  const { db, writer } = useServices();
  // Restroom names come from the mirror; its version in the deps asks again when it changes.
  const mirror = useMirror();
  return useLiveQuery(async () => {
    if (!mirror) return undefined;
    const [posted, outbox] = await Promise.all([writer.commentsBy(userId), db.outbox.toArray()]);
    const mine = outbox.filter((row) => row.userId === userId);
    const deleting = commentIdsBeingDeleted(mine);
    const queued = queuedComments(mine);
    const rowsById = new Map(mine.flatMap((row) => (row.kind === 'feedback' ? [[row.id, row] as const] : [])));
    const nameOf = (id: string) => mirror.get(id)?.name ?? null;

    const fromQueue = queued.flatMap((comment): MyComment[] => {
      const row = rowsById.get(comment.rowId);
      if (!row) return [];
      const base = { key: `queued:${row.id}`, restroom_id: comment.restroomId, restroomName: nameOf(comment.restroomId), content: comment.content };
      return [{ ...base, kind: 'queued', row, status: row.status }];
    });
    const fromMirror = posted
      .filter((comment) => !deleting.has(comment.id))
      .sort((a, b) => b.inserted_at.localeCompare(a.inserted_at))
      .map(
        (comment): MyComment => ({
          kind: 'posted',
          key: comment.id,
          id: comment.id,
          restroom_id: comment.restroom_id,
          restroomName: nameOf(comment.restroom_id),
          content: comment.content,
          inserted_at: comment.inserted_at,
        }),
      );
    return [...fromQueue, ...fromMirror];
  }, [db, writer, userId, mirror]);
}
