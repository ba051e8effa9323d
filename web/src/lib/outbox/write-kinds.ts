import type { ConfirmationResult, FeedbackBody, FeedbackResult, NewRestroomReceipt, Restroom } from '@allstall/shared';
import type { WriteRequest } from '../api/api-client';
import { metaGet, metaSet, type AllstallDb } from '../db/db';
import type { AfterCommit, MirrorWriter } from '../sync/mirror-writer';
import { feedbackThumb } from '../restrooms/thumb';
import type { OutboxBody, OutboxKind } from './outbox-types';

/** What an answer's `apply` works with: the open transaction's database, the mirror's one writer, the outbox's clock. */
interface ApplyContext {
  db: AllstallDb;
  mirror: MirrorWriter;
  /** When the answer came, epoch ms, from the outbox's clock (tests move it). */
  now: number;
  /** Work to do once the transaction committed (memory, other tabs). */
  afterCommit(task: AfterCommit): void;
}

/** How one kind of write travels and what its success changes on the device. */
interface WriteKind<K extends OutboxKind> {
  /** `id` is the row's UUID, sent as the Idempotency-Key; a write that creates a row may name it too. */
  request(body: OutboxBody<K>, id: string): Omit<WriteRequest, 'idempotencyKey'>;
  /** Failure statuses that still mean the goal is reached (deleting what is already gone). */
  alreadyDone?: readonly number[];
  /** Whether success changes what every device sees, so a pull should fetch the result. */
  changesPublicData: boolean;
  /**
   * Puts the server's answer into the mirror, inside the transaction that removes the outbox row,
   * so the pending display hands over to the real one without a flicker. `result` is null after an
   * `alreadyDone` status, and when the request names an `answer` schema the result does not match;
   * `userId` is whoever queued it.
   */
  apply?(context: ApplyContext, body: OutboxBody<K>, result: unknown, userId: string): Promise<void>;
}

type WriteKinds = { [K in OutboxKind]: WriteKind<K> };

const WRITE_KINDS: WriteKinds = {
  feedback: {
    request: (body) => ({ method: 'POST', path: '/api/feedback', body, answer: 'FeedbackResult' }),
    changesPublicData: true,
    async apply({ db, mirror, afterCommit }, body, answer, userId) {
      await rememberStandingVote(db, userId, body);
      const result = answer as FeedbackResult | null;
      if (result === null) return;
      // The answer holds every change up to the write's own version; one a pull already passed is not undone.
      const after = await mirror.stageRestroomAnswer({
        restroom: result.restroom,
        feedVersion: result.version,
        comments: result.comment ? [result.comment] : [],
      });
      if (after) afterCommit(after);
    },
  },
  flag: {
    request: (body) => ({ method: 'POST', path: '/api/flags', body }),
    changesPublicData: false,
  },
  confirmation: {
    request: (body) => ({ method: 'POST', path: '/api/confirmations', body, answer: 'ConfirmationResult' }),
    changesPublicData: true,
    async apply({ db, mirror, now, afterCommit }, body, answer, userId) {
      // Counted or not (a repeat that day, maybe from another device), this person has confirmed it today.
      await rememberConfirmation(db, userId, body.restroom_id, now);
      const result = answer as ConfirmationResult | null;
      if (result === null) return;
      // As with feedback: the answer's restroom is as new as its version; a pull that passed it wins.
      const after = await mirror.stageRestroomAnswer({ restroom: result.restroom, feedVersion: result.version });
      if (after) afterCommit(after);
    },
  },
  contact: {
    request: (body) => ({ method: 'POST', path: '/api/contact', body }),
    changesPublicData: false,
  },
  'comment-delete': {
    request: ({ comment_id }) => ({ method: 'DELETE', path: `/api/comments/${encodeURIComponent(comment_id)}` }),
    // Deleted meanwhile (on another device, or by an admin): what the person wanted has happened.
    alreadyDone: [404],
    changesPublicData: true,
    async apply({ mirror }, { comment_id }) {
      await mirror.stageCommentDeletion(comment_id);
    },
  },
  restroom: {
    // The new restroom takes the write's own UUID as its id, so a resend can never add it twice.
    request: (body, id) => ({
      method: 'POST',
      path: '/api/bathrooms',
      body: { ...body, bathroomToAdd: { ...body.bathroomToAdd, id } },
      answer: 'NewRestroomReceipt',
    }),
    // An admin's addition is approved at once and belongs in everyone's mirror.
    changesPublicData: true,
    async apply({ db }, _body, answer, userId) {
      const receipt = answer as NewRestroomReceipt | null;
      if (receipt !== null) await rememberMyRestroom(db, userId, receipt.restroom);
    },
  },
  'restroom-decision': {
    request: ({ restroom_id, decision }) => ({ method: 'PATCH', path: `/api/bathrooms/${encodeURIComponent(restroom_id)}`, body: decision }),
    changesPublicData: true,
  },
  'restroom-delete': {
    request: ({ restroom_id }) => ({ method: 'DELETE', path: `/api/bathrooms/${encodeURIComponent(restroom_id)}` }),
    changesPublicData: true,
  },
  'flag-decision': {
    request: ({ flag_id, decision }) => ({ method: 'PATCH', path: `/api/flags/${encodeURIComponent(flag_id)}`, body: decision }),
    changesPublicData: true,
  },
  'contact-resolve': {
    request: ({ contact_id }) => ({ method: 'PATCH', path: `/api/contact/${encodeURIComponent(contact_id)}`, body: { resolved: true } }),
    changesPublicData: false,
  },
  'user-role': {
    request: ({ user_id, is_admin }) => ({ method: 'PATCH', path: `/api/users/${encodeURIComponent(user_id)}`, body: { is_admin } }),
    changesPublicData: false,
  },
  'user-delete': {
    request: ({ user_id }) => ({ method: 'DELETE', path: `/api/users/${encodeURIComponent(user_id)}` }),
    // Their thumbs and comments leave the public counts and lists.
    changesPublicData: true,
  },
};

/** The server now counts this thumb for this person, replacing any earlier one of theirs. */
async function rememberStandingVote(db: AllstallDb, userId: string, body: FeedbackBody): Promise<void> {
  const thumb = feedbackThumb(body);
  if (thumb === null) return;
  const known = await metaGet(db, 'myVotes');
  const votes = known?.userId === userId ? known.votes : {};
  await metaSet(db, 'myVotes', { userId, votes: { ...votes, [body.restroom_id]: thumb } });
}

/** How long the device remembers a sent confirmation: long enough to cover "today" in any time zone. */
const CONFIRMATION_MEMORY_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * The server took this person's 'Still there' for this restroom now, so the detail page thanks
 * them instead of offering the button again today. Older entries are dropped: only today matters.
 */
async function rememberConfirmation(db: AllstallDb, userId: string, restroomId: string, now: number): Promise<void> {
  const known = await metaGet(db, 'myConfirmations');
  const recent = Object.entries(known?.userId === userId ? known.confirmedAt : {}).filter(([, at]) => now - at < CONFIRMATION_MEMORY_MS);
  await metaSet(db, 'myConfirmations', { userId, confirmedAt: { ...Object.fromEntries(recent), [restroomId]: now } });
}

/**
 * The device keeps what its person added, as the server stored it, so the profile can show it as
 * waiting for review: a pending restroom is in nobody's mirror until an admin approves it.
 */
async function rememberMyRestroom(db: AllstallDb, userId: string, restroom: Restroom): Promise<void> {
  const known = await metaGet(db, 'myRestrooms');
  const others = known?.userId === userId ? known.restrooms.filter((r) => r.id !== restroom.id) : [];
  await metaSet(db, 'myRestrooms', { userId, restrooms: [...others, restroom] });
}

/** The kind's description, typed by the row's own kind. */
export function writeKind<K extends OutboxKind>(kind: K): WriteKind<K> {
  return WRITE_KINDS[kind] as WriteKind<K>;
}
