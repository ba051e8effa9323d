import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress, clientHeaders, pathId, queryString, sender, writeHeaders, type Sender, type SenderMix } from './arbitraries.js';
import { ignoredBody, requestBody, type Json } from './body-arbitraries.js';
import { comparedTables, snapshotDatabase } from './database-snapshot.js';
import { fillPlaceholders, seededId, type SeededRow } from './placeholders.js';
import { replenishWorld, type SeededWorld } from './seeded-world.js';

/** A write endpoint as the properties see it. */
interface WriteRoute {
  method: 'POST' | 'PATCH' | 'DELETE';
  /** The path, with `:id` where the route takes one. */
  path: string;
  /** Who may make the write. */
  by: 'anyone' | 'signed-in' | 'admin';
  /** The seeded rows `:id` names when the request is right. */
  id?: readonly SeededRow[];
  /** Bodies the route accepts; none for a route that takes no body. */
  body?: fc.Arbitrary<Json>;
}

/** A route and how many generated requests it gets. */
export type RouteRuns = readonly [WriteRoute, number];

/** Generous: a hung request should fail the test, but a slow CI machine on PostgreSQL should not. */
const PROPERTY_TIMEOUT_MS = 180_000;

/**
 * One test per route: its generated requests never get a 5xx, each refusal comes in the one error
 * shape and changes no row, and at least one request is accepted (else the generators no longer
 * reach the route's real work and the properties would hold vacuously).
 */
export function describeWriteProperties(title: string, world: () => SeededWorld, routes: readonly RouteRuns[]): void {
  describe(title, () => {
    for (const [route, numRuns] of routes) {
      it(
        `${route.method} ${route.path}: never a 5xx, and a refusal changes nothing (${numRuns} requests)`,
        async () => {
          const accepted = await checkWriteProperties(world(), route, numRuns);
          expect(accepted, 'no generated request was accepted').toBeGreaterThan(0);
        },
        PROPERTY_TIMEOUT_MS,
      );
    }
  });
}

/** One generated request, with the seeded rows and accounts still named by placeholder. */
interface WriteAttempt {
  sender: Sender;
  address: string;
  id: string;
  query: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const RIGHT_SENDERS: Record<WriteRoute['by'], SenderMix> = {
  anyone: { guest: 2, user: 1, admin: 1, forged: 1 },
  'signed-in': { guest: 0, user: 3, admin: 1, forged: 0 },
  admin: { guest: 0, user: 0, admin: 1, forged: 0 },
};
const ANY_SENDER: SenderMix = { guest: 1, user: 1, admin: 1, forged: 1 };

type Part = 'sender' | 'headers' | 'id' | 'body';

/**
 * Requests to `route`: some entirely as the web client would send them, most with one part wrong
 * (who sends it, its headers, the id, or the body), some with every part drawn at random. One fault
 * at a time takes a request deep into the route before it is refused, where a half-done write would
 * show; the query string (no write reads one) and the client's address vary throughout.
 */
function writeAttempts(route: WriteRoute): fc.Arbitrary<WriteAttempt> {
  const takesId = route.path.includes(':id');
  const targets = route.id ?? ['restroom'];
  const right = {
    sender: sender(RIGHT_SENDERS[route.by]),
    headers: clientHeaders,
    id: takesId ? fc.constantFrom(...targets.map((row) => seededId(row))) : fc.constant(''),
    body: route.body === undefined ? fc.constant(undefined) : route.body.map((body) => JSON.stringify(body)),
  };
  const wrong = {
    sender: sender(ANY_SENDER),
    headers: writeHeaders,
    id: takesId ? pathId(targets) : fc.constant(''),
    body: route.body === undefined ? ignoredBody : requestBody(route.body),
  };
  const attempt = (broken: readonly Part[]) =>
    fc.record({
      sender: broken.includes('sender') ? wrong.sender : right.sender,
      address: clientAddress,
      id: broken.includes('id') ? wrong.id : right.id,
      query: queryString,
      headers: broken.includes('headers') ? wrong.headers : right.headers,
      body: broken.includes('body') ? wrong.body : right.body,
    });
  const faults: Part[] = takesId ? ['sender', 'headers', 'id', 'body'] : ['sender', 'headers', 'body'];
  return fc.oneof(
    { weight: 1, arbitrary: attempt([]) },
    // Bodies have the most ways to be wrong; a route that takes none has fewer.
    ...faults.map((part) => ({ weight: part !== 'body' ? 2 : route.body === undefined ? 1 : 4, arbitrary: attempt([part]) })),
    { weight: 2, arbitrary: attempt(faults) },
  );
}

/**
 * Sends `numRuns` generated requests to `route` and checks each: never a 5xx; a refusal comes in
 * the one error shape and leaves every row of every table as it was (sessions included: a refused
 * login makes none). After an accepted write the world is replenished and nothing is compared.
 * Returns how many requests were accepted; fast-check prints the smallest failing request it finds.
 */
async function checkWriteProperties(world: SeededWorld, route: WriteRoute, numRuns: number): Promise<number> {
  const { app } = world;
  const tables = await comparedTables(app);
  let current = await snapshotDatabase(app, tables);
  let accepted = 0;
  await fc.assert(
    fc.asyncProperty(writeAttempts(route), async (attempt) => {
      const request = requestFor(route, attempt, world);
      const response = await app.inject(request);
      const answer = `${request.method} ${request.url} answered ${response.statusCode} ${response.body.slice(0, 300)}`;
      const before = current;
      const refused = response.statusCode >= 300;
      if (!refused) {
        accepted += 1;
        await replenishWorld(world);
      }
      current = await snapshotDatabase(app, tables);
      expect(response.statusCode, answer).toBeLessThan(500);
      if (!refused) return;
      expect(response.json(), answer).toMatchObject({ statusCode: response.statusCode, error: expect.any(String), message: expect.any(String) });
      expect(current, `${answer}\nand changed the database`).toEqual(before);
    }),
    { numRuns },
  );
  return accepted;
}

function requestFor(route: WriteRoute, attempt: WriteAttempt, world: SeededWorld): InjectOptions & { method: string; url: string } {
  const fill = (text: string) => fillPlaceholders(text, world);
  const headers = Object.fromEntries(Object.entries(attempt.headers).map(([name, value]) => [name, fill(value)]));
  const cookie = cookieOf(attempt.sender, world);
  return {
    method: route.method,
    url: fill(`${route.path.replace(':id', attempt.id)}${attempt.query}`),
    headers: cookie === undefined ? headers : { ...headers, cookie },
    remoteAddress: attempt.address,
    ...(attempt.body === undefined ? {} : { payload: fill(attempt.body) }),
  };
}

function cookieOf(sender: Sender, world: SeededWorld): string | undefined {
  if (sender === 'guest') return undefined;
  if (sender === 'user' || sender === 'admin') return world[sender].cookie;
  return sender.forgedCookie;
}
