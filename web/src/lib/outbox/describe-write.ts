import { commentText, restroomDecisionKind, type RestroomDecisionKind } from '@allstall/shared';
import type { Thumb } from '../db';
import type { OutboxRow, OutboxStatus } from './outbox-types';
import { feedbackThumb } from '../thumb';

const THUMB_WORDS: Record<Thumb, string> = { up: 'Thumbs up', down: 'Thumbs down' };

/** What the device knows that makes a queued write readable: names of restrooms, texts of comments. */
export interface WriteContext {
  restroomName(id: string): string | null;
  commentContent(id: string): string | null;
}

export interface WriteSummary {
  /** One line: what the write is and what it is about. */
  title: string;
  /** What it says, each a short line (thumb, comment, message). */
  details: string[];
}

/** "Feedback on Quiet Library", "Suggested changes to ...", "Message to the team", "Delete comment", "New bathroom: ...". */
export function describeWrite(row: OutboxRow, context: WriteContext): WriteSummary {
  switch (row.kind) {
    case 'feedback': {
      const name = context.restroomName(row.body.restroom_id) ?? 'a bathroom no longer listed';
      const vote = feedbackThumb(row.body);
      const thumb = vote && THUMB_WORDS[vote];
      const text = commentText(row.body.comment);
      return { title: `Feedback on ${name}`, details: [thumb, text && `“${text}”`].filter(isText) };
    }
    case 'flag': {
      const name = context.restroomName(row.body.restroom_id) ?? row.body.name;
      const other = row.body.other.trim();
      return {
        title: `Suggested changes to ${name}`,
        details: [row.body.is_closed ? 'Permanently closed' : null, other === '' ? null : `“${other}”`].filter(isText),
      };
    }
    case 'confirmation': {
      const name = context.restroomName(row.body.restroom_id) ?? 'a bathroom no longer listed';
      return { title: `Still there: ${name}`, details: [] };
    }
    case 'contact':
      return { title: 'Message to the team', details: [`“${row.body.details.trim()}”`] };
    case 'comment-delete': {
      const content = context.commentContent(row.body.comment_id);
      return { title: 'Delete comment', details: content ? [`“${content}”`] : [] };
    }
    case 'restroom': {
      const { name, formatted_address } = row.body.bathroomToAdd;
      return { title: `New bathroom: ${name.trim()}`, details: [formatted_address.trim()].filter(isText) };
    }
    case 'restroom-decision':
      return { title: `${RESTROOM_DECISION_WORDS[restroomDecisionKind(row.body.decision)]}: ${row.body.name}`, details: [] };
    case 'restroom-delete':
      return { title: `Delete from database: ${row.body.name}`, details: [] };
    case 'flag-decision':
      return {
        title: `${row.body.decision.status === 'approved' ? 'Approve suggested edits' : 'Reject suggestions'}: ${row.body.name}`,
        details: [],
      };
    case 'contact-resolve':
      return { title: 'Mark as resolved', details: [`“${row.body.excerpt}”`] };
    case 'user-role':
      return { title: `${row.body.is_admin ? 'Make admin' : 'Remove admin'}: ${row.body.username}`, details: [] };
    case 'user-delete':
      return { title: `Delete user: ${row.body.username}`, details: [] };
  }
}

/** What an admin's restroom decision does, in the admin screens' own words (their buttons'). */
const RESTROOM_DECISION_WORDS: Readonly<Record<RestroomDecisionKind, string>> = {
  approve: 'Approve',
  reject: 'Reject',
  remove: 'Remove from display',
  show: 'Show again',
  edit: 'Edit',
};

function isText(value: string | null | undefined): value is string {
  return typeof value === 'string' && value !== '';
}

/** Where a queued write stands, in the words every screen uses for it. */
const STATUS_WORDS: Record<OutboxStatus, string> = {
  pending: 'Not sent yet',
  sending: 'Sending…',
  'needs-login': 'Log in to send',
  failed: "Couldn't be sent",
};

/** The write's state in words, as the 'Waiting to be sent' list shows it to its author. */
export function writeStatusText(row: Pick<OutboxRow, 'status' | 'lastError'>): string {
  if (row.status === 'failed') return `${STATUS_WORDS.failed}: ${row.lastError ?? 'the server refused it.'}`;
  return STATUS_WORDS[row.status];
}

/**
 * The badge on a comment still in the outbox. Comment lists say only whether it is on its way or
 * was refused: the details (sending now, waiting for a login) are for the 'Waiting to be sent' list.
 */
export function queuedCommentMark(status: OutboxStatus): string {
  return status === 'failed' ? STATUS_WORDS.failed : STATUS_WORDS.pending;
}

/** "1 change" / "3 changes". */
export function changesCount(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}
