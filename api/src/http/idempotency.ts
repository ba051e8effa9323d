import { IDEMPOTENCY_KEY_HEADER, IdSchema } from '@allstall/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { Type } from 'typebox';
import { v7 as uuidv7 } from 'uuid';
import { isUniqueViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { claimKey, findAppliedWrite, recordAnswer, type AppliedWrite } from '../repositories/applied-writes.js';
import { readMeta } from '../repositories/feed-versions.js';

/*
 * Idempotent writes (docs/architecture.md#idempotent-writes). The web client's outbox may send a write twice: it retries
 * after a timeout whose answer was lost, or replays the outbox days later. Each write carries an
 * Idempotency-Key, a UUID the client made, which becomes the new row's id; the first successful
 * answer is stored with it and every repeat gets that answer back, changing nothing.
 *
 * Retention (docs/operations.md#retention): after the answer window a stored answer is replaced by its
 * minimal one (same status, a body the route's schema still accepts), and after the key window the
 * key itself is forgotten and `write_key_floor` raised past it. A key the server can no longer prove
 * unused is refused (409 idempotency.keyExpired) rather than risk applying the write twice.
 */

/**
 * How far ahead of the server's clock a device's clock may have been when it made a key. A UUIDv7
 * key's time is the device's; one made by a fast clock looks newer than it is, so keys up to this
 * much newer than the floor are refused too. Costs only writes already about a key window old.
 */
export const KEY_CLOCK_SKEW_MS = 30 * 24 * 60 * 60 * 1000;

/** The name a failure about the key gives as its `field`, spelled as clients write the header. */
const IDEMPOTENCY_KEY_FIELD = 'Idempotency-Key';
/** Set on an answer that repeats a stored one, so a client (or a person reading logs) can tell. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** The request headers every write route validates: an optional key, which must be a UUID. */
export const IdempotencyHeadersSchema = Type.Object({
  [IDEMPOTENCY_KEY_HEADER]: Type.Optional(IdSchema),
});

/** An answer a write gives; only 2xx answers are ever produced (failures are thrown as HttpError). */
interface WriteAnswer<Body> {
  statusCode: number;
  body: Body;
}

/**
 * A fresh answer, or the stored one of an earlier request with the same key. A stored answer is
 * kept as the JSON text first sent: replayed byte for byte, never re-encoded against today's
 * response schema (which may have changed since the write was first answered).
 */
export type WriteOutcome<Body> = ({ replayed: false } & WriteAnswer<Body>) | ({ replayed: true } & WriteAnswer<string>);

/** Who is writing, with which key, to what. */
export interface WriteRequest {
  /** The validated Idempotency-Key header, if the client sent one. */
  key: string | undefined;
  userId: string;
  /** Method and path, e.g. 'POST /api/feedback'; a key is only good for the request it was spent on. */
  request: string;
}

/**
 * A fresh answer and, when it is not already as small as it can be, the minimal answer a replay gets
 * once the answer window has passed: same status, a body the route's schema still accepts.
 */
interface FreshAnswer<Body> extends WriteAnswer<Body> {
  minimal?: Body;
}

/** Does the write in `trx`; `rowId` is the id of the row it creates (the key, or a fresh UUIDv7). */
export type PerformWrite<Body> = (trx: Transaction<Database>, rowId: string) => Promise<FreshAnswer<Body>>;

/** The milliseconds a UUIDv7 carries (its first 48 bits); null for any other UUID, which carries no time. */
function uuidv7Time(key: string): number | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(key)) return null;
  return Number.parseInt(key.slice(0, 8) + key.slice(9, 13), 16);
}

/**
 * Whether a key unknown to the server may still have been spent on a write it has since forgotten:
 * once keys have been pruned, one made at or before the floor (plus the skew margin), or one with no
 * time in it at all (not a UUIDv7), cannot be proven unused.
 */
export function keyMayBeForgotten(key: string, floorMs: number): boolean {
  if (floorMs <= 0) return false;
  const madeAt = uuidv7Time(key);
  return madeAt === null || madeAt <= floorMs + KEY_CLOCK_SKEW_MS;
}

/**
 * Runs `perform` in one transaction together with the record of its answer, so a crash can never
 * leave a write applied without its record, or recorded without being applied. A key already spent
 * by the same person on the same request answers what was stored the first time; spent by anyone
 * else or on anything else it is a 409. A refused write (a thrown HttpError) rolls back its claim
 * on the key: it changed nothing, so the client may fix it and send it again under the same key.
 */
export async function runWrite<Body>(
  db: Kysely<Database>,
  write: WriteRequest,
  perform: PerformWrite<Body>,
): Promise<WriteOutcome<Body>> {
  const { key } = write;
  if (key === undefined) {
    const answer = await db.transaction().execute((trx) => perform(trx, uuidv7()));
    return { replayed: false, ...answer };
  }
  try {
    const answer = await db.transaction().execute(async (trx) => {
      if (!(await claimKey(trx, { key, userId: write.userId, request: write.request, nowMs: Date.now() }))) return null;
      // Checked after the claim, so a key still on record is answered (replayed) rather than refused;
      // throwing rolls the claim back with it.
      if (keyMayBeForgotten(key, await readMeta(trx, 'write_key_floor'))) {
        throw new HttpError(409, 'idempotency.keyExpired', { field: IDEMPOTENCY_KEY_FIELD });
      }
      const { minimal, ...fresh } = await perform(trx, key);
      const response = JSON.stringify(fresh.body ?? null);
      const summary = minimal === undefined ? null : JSON.stringify(minimal);
      await recordAnswer(trx, key, fresh.statusCode, response, summary === response ? null : summary);
      return fresh;
    });
    if (answer !== null) return { replayed: false, ...answer };
  } catch (error) {
    // A key that is already some row's id (a concurrent writer in another process that got past the
    // claim, or a client reusing an id it was sent) surfaces as a unique violation of that row.
    if (!isUniqueViolation(error)) throw error;
  }
  return replayStored(await findAppliedWrite(db, key), write);
}

function replayStored(stored: AppliedWrite | undefined, write: WriteRequest): WriteOutcome<never> {
  if (stored === undefined) {
    throw new HttpError(409, 'idempotency.keyIsAnotherRecord', { field: IDEMPOTENCY_KEY_FIELD });
  }
  if (stored.userId !== write.userId || stored.request !== write.request) {
    throw new HttpError(409, 'idempotency.keyReused', { field: IDEMPOTENCY_KEY_FIELD });
  }
  return { replayed: true, statusCode: stored.statusCode, body: stored.response };
}

/** Sends an outcome; a replayed one is marked with `idempotent-replayed: true`. */
export function sendOutcome<Body>(reply: FastifyReply, outcome: WriteOutcome<Body>): FastifyReply {
  if (!outcome.replayed) return reply.code(outcome.statusCode).send(outcome.statusCode === 204 ? null : outcome.body);
  reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true').code(outcome.statusCode);
  if (outcome.statusCode === 204) return reply.send(null);
  // A string with a JSON content type goes out as it is, without the route's serializer.
  return reply.type('application/json; charset=utf-8').send(outcome.body);
}

/**
 * The request a key is spent on: method and the route with its parameters filled in, so a key used to
 * delete one comment cannot be replayed to "delete" another. Built from the matched route rather than
 * the raw URL so a query string or percent-encoding does not make the same request look different.
 */
function writeRequestName(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? request.url.split('?', 1)[0] ?? '';
  const params: unknown = request.params;
  const path = route.replace(/:(\w+)/g, (whole, name: string) => {
    const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[name] : undefined;
    return typeof value === 'string' ? value : whole;
  });
  return `${request.method} ${path}`;
}

/** The write `user` is making with this request, with the key from its (already validated) header. */
export function writeRequestFor(request: FastifyRequest, userId: string): WriteRequest {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  // A UUID in capitals is the same UUID: one spelling, so the same write cannot be stored twice.
  return { key: typeof key === 'string' ? key.toLowerCase() : undefined, userId, request: writeRequestName(request) };
}
