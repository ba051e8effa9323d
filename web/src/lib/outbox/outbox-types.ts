import type { ConfirmationBody, ContactBody, FeedbackBody, FlagBody, FlagDecisionBody, NewRestroomBody, RestroomDecisionBody } from '@allstall/shared';

/**
 * Every write a person can make, as it waits in the outbox; each kind is described once in
 * `write-kinds.ts`. The admin decisions carry a name or an excerpt of what they decide on, only so
 * the write can be shown while it waits (the item may be gone from the device's lists by then); it
 * is never sent.
 */
export type OutboxWrite =
  | { kind: 'feedback'; body: FeedbackBody }
  | { kind: 'flag'; body: FlagBody }
  | { kind: 'confirmation'; body: ConfirmationBody }
  | { kind: 'contact'; body: ContactBody }
  | { kind: 'comment-delete'; body: { comment_id: string } }
  | { kind: 'restroom'; body: NewRestroomBody }
  | { kind: 'restroom-decision'; body: { restroom_id: string; name: string; decision: RestroomDecisionBody } }
  | { kind: 'restroom-delete'; body: { restroom_id: string; name: string } }
  | { kind: 'flag-decision'; body: { flag_id: string; name: string; decision: FlagDecisionBody } }
  | { kind: 'contact-resolve'; body: { contact_id: string; excerpt: string } }
  | { kind: 'user-role'; body: { user_id: string; username: string; is_admin: boolean } }
  | { kind: 'user-delete'; body: { user_id: string; username: string } };

export type OutboxKind = OutboxWrite['kind'];
export type OutboxBody<K extends OutboxKind> = Extract<OutboxWrite, { kind: K }>['body'];

/**
 * - pending: waiting for its next attempt (now, or after a backoff);
 * - sending: a sender holds it right now (a crash leaves it here; the next sender takes it again);
 * - needs-login: the server said the session is gone; it goes once its author signs in again;
 * - failed: the server refused it (a 4xx other than 401); the person edits or discards it.
 */
export type OutboxStatus = 'pending' | 'sending' | 'needs-login' | 'failed';

/** A message of the catalogs by id, with the values of its placeholders, kept to be said later. */
interface StoredMessage {
  id: string;
  values?: Record<string, string | number>;
}

export type OutboxRow = OutboxWrite & {
  /** UUIDv7 made on the device: sent as Idempotency-Key and used as the id of the row it creates. */
  id: string;
  /** Who queued it; after a 401 only this person's next login releases it. */
  userId: string;
  status: OutboxStatus;
  createdAt: number;
  attempts: number;
  /** Epoch ms before which it is not retried (backoff); "Send now" ignores it. */
  nextAttemptAt: number;
  /** The last failure in words: the server's message for a refusal, or why it is still waiting. */
  lastError?: string;
  /**
   * `lastError` as a catalog message, so it is shown in whatever language the person reads when
   * they look (it may be days and a language switch later): the outbox's own reason, or
   * `server.<code>` with the server's params for a refusal. Absent on rows queued by an older app,
   * and for a refusal whose answer had no code: `lastError` is then shown as it is.
   */
  lastErrorMessage?: StoredMessage;
  /** The field the server named when it refused the write. */
  lastErrorField?: string;
};

export interface Outbox {
  /** Saves the write on the device first (it survives a closed tab), then tries to send it at once. */
  enqueue(write: OutboxWrite, userId: string): Promise<OutboxRow>;
  /** Sends every write that is due; `force` ("Send now") also sends those waiting out a backoff. */
  flush(options?: { force?: boolean }): Promise<void>;
  /** Drops a write the person gave up on; false when it is being sent right now (or is gone). */
  discard(id: string): Promise<boolean>;
  /**
   * Replaces a write's body (the person's fix after a refusal) and queues it again; resolves once
   * stored, sending in the background. False when it is being sent right now (or is gone).
   */
  edit(id: string, write: OutboxWrite): Promise<boolean>;
  /** This person's writes still on the device, oldest first, whatever their state: what logging out asks about. */
  writesOf(userId: string): Promise<OutboxRow[]>;
  /**
   * Drops every write of this person but one on the wire (which cannot be called back: its answer
   * removes it). Resolves with how many were on the wire.
   */
  discardEveryOf(userId: string): Promise<number>;
  /** The person is signed in (again): their writes that met a 401 are sent now. */
  resumeFor(userId: string): Promise<void>;
  /** Wires the triggers (now, online, focus, a timer for the next retry). Returns the matching stop. */
  start(): () => void;
}
