import { commentText, type Restroom } from '@allstall/shared';
import type { Thumb } from '../db/db';
import type { OutboxRow, OutboxStatus } from './outbox-types';
import { feedbackThumb } from '../restrooms/thumb';

/*
 * What the outbox still holds, read as the screens show it before the server has answered
 * (docs/architecture.md#offline-data-path, optimistic display). Pure functions over the rows, so every screen agrees.
 */

export type FeedbackRow = Extract<OutboxRow, { kind: 'feedback' }>;

export interface QueuedComment {
  /** The outbox row the comment travels in. */
  rowId: string;
  restroomId: string;
  userId: string;
  content: string;
  createdAt: number;
  status: OutboxStatus;
  /** Whether the same write also carries a thumb (deleting the comment then keeps the write). */
  hasVote: boolean;
}

/** Still on its way: the server has not refused it. A failed write waits for the person instead. */
export function rowIsOnItsWay(row: Pick<OutboxRow, 'status'>): boolean {
  return row.status !== 'failed';
}

function isFeedback(row: OutboxRow): row is FeedbackRow {
  return row.kind === 'feedback';
}

/**
 * The thumb each restroom gets from queued feedback: only the newest one with a thumb counts, as on
 * the server, where a person's latest vote replaces the earlier one.
 */
export function queuedVotes(rows: readonly OutboxRow[]): Map<string, Thumb> {
  const newest = new Map<string, { vote: Thumb; createdAt: number }>();
  for (const row of rows) {
    if (!isFeedback(row) || !rowIsOnItsWay(row)) continue;
    const vote = feedbackThumb(row.body);
    if (vote === null) continue;
    const seen = newest.get(row.body.restroom_id);
    if (!seen || row.createdAt >= seen.createdAt) newest.set(row.body.restroom_id, { vote, createdAt: row.createdAt });
  }
  return new Map([...newest].map(([id, { vote }]) => [id, vote]));
}

/**
 * The mirror's counts as they will be once a queued thumb lands: it replaces the person's standing
 * thumb, if this device knows one, as it will on the server. The same object when nothing changes.
 */
export function withQueuedVote<T extends Pick<Restroom, 'upvotes' | 'downvotes'>>(
  restroom: T,
  vote: Thumb | undefined,
  standing?: Thumb,
): T {
  if (vote === undefined || vote === standing) return restroom;
  const counts = { upvotes: restroom.upvotes, downvotes: restroom.downvotes };
  if (standing === 'up') counts.upvotes = Math.max(0, counts.upvotes - 1);
  if (standing === 'down') counts.downvotes = Math.max(0, counts.downvotes - 1);
  if (vote === 'up') counts.upvotes += 1;
  else counts.downvotes += 1;
  return { ...restroom, ...counts };
}

/** Comments travelling in queued feedback (failed ones included), newest first. */
export function queuedComments(rows: readonly OutboxRow[]): QueuedComment[] {
  return rows
    .filter(isFeedback)
    .flatMap((row) => {
      const content = commentText(row.body.comment);
      if (content === null) return [];
      return [
        {
          rowId: row.id,
          restroomId: row.body.restroom_id,
          userId: row.userId,
          content,
          createdAt: row.createdAt,
          status: row.status,
          hasVote: feedbackThumb(row.body) !== null,
        },
      ];
    })
    .sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * Comments whose deletion is on its way: they are gone as far as the person is concerned. A refused
 * deletion hides nothing (the comment is still on the server), and callers pass only the rows of the
 * person looking, since another account's queued deletion is no concern of theirs.
 */
export function commentIdsBeingDeleted(rows: readonly OutboxRow[]): Set<string> {
  return new Set(rows.flatMap((row) => (row.kind === 'comment-delete' && rowIsOnItsWay(row) ? [row.body.comment_id] : [])));
}
