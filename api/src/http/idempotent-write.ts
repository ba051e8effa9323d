import type { User, WriteProblem } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Static, TSchema, TUnknown } from 'typebox';
import { guestsGet401, nonAdminsRefused, writerOf } from './access.js';
import { isForeignKeyViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import { findUserById } from '../repositories/users.js';
import { errorResponses } from './http-errors.js';
import { HttpError } from '../errors/http-error.js';
import { IdempotencyHeadersSchema, runWrite, sendOutcome, writeRequestFor, type WriteRequest } from './idempotency.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** What sets one write route apart from the others; the rest is the same for every write. */
export interface WriteRouteOptions<Body extends TSchema, Params extends TSchema, Answer extends TSchema, Prepared = undefined> {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  tags: string[];
  summary: string;
  body?: Body;
  params?: Params;
  /** The status of a successful write and the schema of its answer (`Type.Null()` with 204). */
  status: 200 | 201 | 204;
  answer: Answer;
  /** The shared validation of the body, checked before anything is written: a problem is a 400. */
  problem?: (body: Static<Body>) => WriteProblem | null;
  /**
   * Where the body may carry the id of the row it creates, as a client names a row it made offline.
   * That id and the Idempotency-Key must be one UUID, and the id stands in for a missing key, so a
   * resend can never create the row twice.
   */
  bodyRowId?: { field: string; of: (body: Static<Body>) => string | undefined };
  /** Admins only: anyone else is refused (401 or 403) before the input is looked at. */
  admin?: boolean;
  /** The largest body read, when it is not the usual `BODY_LIMITS.write`. */
  bodyLimit?: number;
  /**
   * Slow work that must not hold the write's transaction open, such as asking another service (on
   * SQLite an open transaction holds the one connection every request shares). It runs after the
   * checks above and before the transaction, and `perform` gets its result as `prepared`. It runs for
   * a repeated key too, before the stored answer is found, so it must change nothing itself.
   */
  prepare?: (input: { user: User; body: Static<Body>; params: Static<Params> }) => Promise<Prepared>;
  /**
   * Response headers that follow from the answer's body, set on the first answer and on every
   * replay of it (computed again from the stored body, so a replay says what the first answer said).
   */
  answerHeaders?: (answer: Static<Answer>) => Record<string, string>;
  /**
   * The minimal answer a replay gets once the stored answer has been dropped (after the answer
   * window, docs/operations.md#retention): the answer's schema must still accept it, and it must keep
   * what the device reads from it. Stored with the write; without one the answer is kept as it is,
   * being already small (and `answerHeaders` must still work from it).
   */
  minimalAnswer?: (answer: Static<Answer>) => Static<Answer>;
}

/** What a write's work is given: its transaction, the new row's id, the writer, and the validated input. */
export interface WriteInput<Body extends TSchema, Params extends TSchema, Prepared = undefined> {
  trx: Transaction<Database>;
  /** The id of the row the write creates: the Idempotency-Key, or a fresh UUIDv7 without one. */
  rowId: string;
  user: User;
  body: Static<Body>;
  params: Static<Params>;
  /** What `prepare` found; undefined without one. */
  prepared: Prepared;
}

/**
 * Registers a write that only signed-in people (or, with `admin`, only admins) may make (a guest
 * gets 401 before the body is even validated) and that is idempotent (docs/architecture.md#idempotent-writes): `perform` runs once per Idempotency-Key, in
 * one transaction with the record of its answer, and a repeat gets the first answer back. `perform`
 * returns the answer's body, or throws an HttpError to refuse the write, which then changes nothing.
 */
export function idempotentWrite<
  Body extends TSchema = TUnknown,
  Params extends TSchema = TUnknown,
  Answer extends TSchema = TSchema,
  Prepared = undefined,
>(
  app: App,
  options: WriteRouteOptions<Body, Params, Answer, Prepared>,
  perform: (input: WriteInput<Body, Params, Prepared>) => Promise<Static<Answer>>,
): void {
  const { method, url, tags, summary, body, params, status, answer, problem, bodyRowId, admin = false, prepare, bodyLimit, answerHeaders, minimalAnswer } =
    options;
  app.route({
    method,
    url,
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    preValidation: admin ? nonAdminsRefused : guestsGet401,
    schema: {
      tags,
      summary,
      headers: IdempotencyHeadersSchema,
      ...(params === undefined ? {} : { params }),
      ...(body === undefined ? {} : { body }),
      response: { [status]: answer, ...errorResponses },
    },
    handler: async (request: FastifyRequest, reply) => {
      const user = writerOf(request);
      // Fastify has validated both against the schemas above before this handler runs.
      const input = { body: request.body as Static<Body>, params: request.params as Static<Params> };
      const found = problem?.(input.body) ?? null;
      if (found !== null) throw HttpError.fromProblem(400, found);
      const asSent = writeRequestFor(request, user.id);
      const write = bodyRowId === undefined ? asSent : keyedByBodyRowId(asSent, bodyRowId.of(input.body), bodyRowId.field);
      // Without `prepare`, Prepared is its default, undefined.
      const prepared = (prepare === undefined ? undefined : await prepare({ user, ...input })) as Prepared;
      const outcome = await runWrite(app.db, write, async (trx, rowId) => {
        const answered = await perform({ trx, rowId, user, ...input, prepared });
        return { statusCode: status, body: answered, ...(minimalAnswer === undefined ? {} : { minimal: minimalAnswer(answered) }) };
      }).catch(async (error: unknown) => {
        // The writer deleted their account while this write was on its way: they are signed out, not a server fault.
        if (isForeignKeyViolation(error) && (await findUserById(app.db, user.id)) === undefined) throw new HttpError(401, 'access.loginRequired');
        throw error;
      });
      if (outcome.replayed) app.metrics.idempotentReplays.inc({ method, route: request.routeOptions.url ?? url });
      if (answerHeaders !== undefined) {
        // A stored answer is the JSON text first sent, and was valid against the answer's schema then.
        const sent = (outcome.replayed ? JSON.parse(outcome.body) : outcome.body) as Static<Answer>;
        reply.headers(answerHeaders(sent));
      }
      return sendOutcome(reply, outcome);
    },
  });
}

function keyedByBodyRowId(write: WriteRequest, rowId: string | undefined, field: string): WriteRequest {
  if (rowId === undefined) return write;
  const id = rowId.toLowerCase();
  if (write.key === undefined) return { ...write, key: id };
  if (write.key !== id) throw new HttpError(400, 'idempotency.keyMismatch', { field, params: { field } });
  return write;
}
