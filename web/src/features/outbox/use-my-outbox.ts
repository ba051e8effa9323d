import { useLiveQuery } from 'dexie-react-hooks';
import { useMirror } from '@/hooks/use-mirror';
import type { OutboxRow } from '@/lib/outbox/outbox-types';
import { useServices } from '@/lib/services';
import { useLocale } from '@/lib/i18n/use-t';
import { describeWrite, type WriteSummary } from '@/lib/outbox/describe-write';

export interface WaitingWrite {
  row: OutboxRow;
  summary: WriteSummary;
}

/**
 * This person's queued writes, oldest first, each described in words in the active language (said
 * again when it changes). Rows another person left on this device are theirs alone and are not listed.
 */
export function useMyOutbox(userId: string): WaitingWrite[] | undefined {
  const { outbox, writer } = useServices();
  const mirror = useMirror();
  // Renders again in a new language: describeWrite says the rows in the active one.
  useLocale();
  const listed = useLiveQuery(async () => {
    if (!mirror) return undefined;
    const rows = await outbox.writesOf(userId);
    const restroomIds = rows.flatMap((row) => (row.kind === 'feedback' || row.kind === 'flag' || row.kind === 'confirmation' ? [row.body.restroom_id] : []));
    const commentIds = rows.flatMap((row) => (row.kind === 'comment-delete' ? [row.body.comment_id] : []));
    const comments = await writer.commentsWithIds(commentIds);
    const names = new Map(restroomIds.flatMap((id) => {
      const name = mirror.get(id)?.name;
      return name === undefined ? [] : [[id, name] as const];
    }));
    const contents = new Map(comments.flatMap((c) => (c ? [[c.id, c.content] as const] : [])));
    const context = {
      restroomName: (id: string) => names.get(id) ?? null,
      commentContent: (id: string) => contents.get(id) ?? null,
    };
    return { rows, context };
  }, [outbox, writer, userId, mirror]);
  return listed?.rows.map((row) => ({ row, summary: describeWrite(row, listed.context) }));
}
