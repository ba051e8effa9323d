import { commentText, restroomDecisionKind, type RestroomDecisionKind } from '@allstall/shared';
import type { Thumb } from '../db/db';
import { i18n, t } from '../i18n/i18n';
import type { MessageId } from '../i18n/message-id';
import type { OutboxRow, OutboxStatus } from './outbox-types';
import { feedbackThumb } from '../restrooms/thumb';

/*
 * A queued write in words. Everything here is said when it is called, in the active language: the
 * rows are read again when the language changes (the components that show them use useT).
 */

const THUMB_WORDS: Record<Thumb, MessageId> = { up: 'writes.outbox.thumbsUp', down: 'writes.outbox.thumbsDown' };

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

const quoted = (text: string) => t('writes.outbox.quoted', { text });
const unlisted = () => t('writes.outbox.unlistedBathroom');

/** "Feedback on Quiet Library", "Suggested changes to ...", "Message to the team", "Delete comment", "New bathroom: ...". */
export function describeWrite(row: OutboxRow, context: WriteContext): WriteSummary {
  switch (row.kind) {
    case 'feedback': {
      const name = context.restroomName(row.body.restroom_id) ?? unlisted();
      const vote = feedbackThumb(row.body);
      const thumb = vote && t(THUMB_WORDS[vote]);
      const text = commentText(row.body.comment);
      return { title: t('writes.outbox.feedbackOn', { name }), details: [thumb, text && quoted(text)].filter(isText) };
    }
    case 'flag': {
      const name = context.restroomName(row.body.restroom_id) ?? row.body.name;
      const other = row.body.other.trim();
      return {
        title: t('writes.outbox.suggestedChangesTo', { name }),
        details: [row.body.is_closed ? t('writes.outbox.permanentlyClosed') : null, other === '' ? null : quoted(other)].filter(isText),
      };
    }
    case 'confirmation': {
      const name = context.restroomName(row.body.restroom_id) ?? unlisted();
      return { title: t('writes.outbox.stillThere', { name }), details: [] };
    }
    case 'contact':
      return { title: t('writes.outbox.messageToTeam'), details: [quoted(row.body.details.trim())] };
    case 'comment-delete': {
      const content = context.commentContent(row.body.comment_id);
      return { title: t('writes.outbox.deleteComment'), details: content ? [quoted(content)] : [] };
    }
    case 'restroom': {
      const { name, formatted_address } = row.body.bathroomToAdd;
      return { title: t('writes.outbox.newBathroom', { name: name.trim() }), details: [formatted_address.trim()].filter(isText) };
    }
    case 'restroom-decision':
      return { title: t(RESTROOM_DECISION_WORDS[restroomDecisionKind(row.body.decision)], { name: row.body.name }), details: [] };
    case 'restroom-delete':
      return { title: t('writes.outbox.deleteFromDatabase', { name: row.body.name }), details: [] };
    case 'flag-decision':
      return {
        title: t(row.body.decision.status === 'approved' ? 'writes.outbox.approveSuggestedEdits' : 'writes.outbox.rejectSuggestions', { name: row.body.name }),
        details: [],
      };
    case 'contact-resolve':
      return { title: t('writes.outbox.markResolved'), details: [quoted(row.body.excerpt)] };
    case 'user-role':
      return { title: t(row.body.is_admin ? 'writes.outbox.makeAdmin' : 'writes.outbox.removeAdmin', { name: row.body.username }), details: [] };
    case 'user-delete':
      return { title: t('writes.outbox.deleteUser', { name: row.body.username }), details: [] };
  }
}

/** What an admin's restroom decision does, in the admin screens' own words (their buttons'). */
const RESTROOM_DECISION_WORDS: Readonly<Record<RestroomDecisionKind, MessageId>> = {
  approve: 'writes.outbox.decisionApprove',
  reject: 'writes.outbox.decisionReject',
  remove: 'writes.outbox.decisionRemove',
  show: 'writes.outbox.decisionShow',
  edit: 'writes.outbox.decisionEdit',
};

function isText(value: string | null | undefined): value is string {
  return typeof value === 'string' && value !== '';
}

/** Where a queued write stands, in the words every screen uses for it. */
const STATUS_WORDS: Record<OutboxStatus, MessageId> = {
  pending: 'writes.outbox.statusPending',
  sending: 'writes.outbox.statusSending',
  'needs-login': 'writes.outbox.statusNeedsLogin',
  failed: 'writes.outbox.statusFailed',
};

/**
 * The last failure of a write in the active language: its stored message (the outbox's reason, or
 * the server's by its code) when this app's catalogs know it, else the English words it was stored
 * with (a row from an older app, a code this app does not know).
 */
export function lastErrorText(row: Pick<OutboxRow, 'lastError' | 'lastErrorMessage'>): string | undefined {
  const message = row.lastErrorMessage;
  if (message !== undefined && i18n.messages[message.id] !== undefined) return i18n._(message.id, message.values);
  return row.lastError;
}

/** The write's state in words, as the 'Waiting to be sent' list shows it to its author. */
export function writeStatusText(row: Pick<OutboxRow, 'status' | 'lastError' | 'lastErrorMessage'>): string {
  if (row.status === 'failed') return t('writes.outbox.statusFailedBecause', { reason: lastErrorText(row) ?? t('writes.outbox.refusedNoReason') });
  return t(STATUS_WORDS[row.status]);
}

/**
 * The badge on a comment still in the outbox. Comment lists say only whether it is on its way or
 * was refused: the details (sending now, waiting for a login) are for the 'Waiting to be sent' list.
 */
export function queuedCommentMark(status: OutboxStatus): string {
  return t(status === 'failed' ? STATUS_WORDS.failed : STATUS_WORDS.pending);
}

/** "1 change" / "3 changes". */
export function changesCount(count: number): string {
  return t('writes.outbox.changesCount', { n: count });
}
