import { IDEMPOTENCY_KEY_HEADER, type SyncPage } from '@allstall/shared';
import type { Insertable, Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { App } from '../../src/app.js';
import type { Database, RestroomsTable } from '../../src/db/schema.js';
import { nextVersion } from '../../src/repositories/feed-versions.js';
import { sessionCookieFrom, TEST_ADMIN, WRITE_HEADERS } from './helpers.js';

/** A signed-in person as the tests drive them: their id and session cookie. */
export interface Person {
  id: string;
  cookie: string;
}

/** The password `signUp` gives an account: 15+ characters, so the password rules accept it. */
export function signUpPassword(username: string): string {
  return `${username} has a long passphrase`;
}

/** Registers a new account (which signs it in) with the password `signUpPassword` makes up. */
export async function signUp(app: App, username: string): Promise<Person> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers: WRITE_HEADERS,
    payload: { username, password: signUpPassword(username) },
  });
  return personFrom(response);
}

/** Logs the test admin in. */
export async function signInAdmin(app: App): Promise<Person> {
  const response = await app.inject({ method: 'POST', url: '/api/user/login', headers: WRITE_HEADERS, payload: TEST_ADMIN });
  return personFrom(response);
}

function personFrom(response: Awaited<ReturnType<App['inject']>>): Person {
  const cookie = sessionCookieFrom(response);
  if (response.statusCode >= 300 || cookie === undefined) throw new Error(`could not sign in: ${response.body}`);
  return { id: response.json<{ id: string }>().id, cookie };
}

/** Columns a test may set on a restroom; everything else gets a plain approved listing's values. */
export type RestroomOverrides = Partial<
  Pick<
    Insertable<RestroomsTable>,
    | 'name'
    | 'street'
    | 'city'
    | 'directions'
    | 'admin_comment'
    | 'upvotes'
    | 'downvotes'
    | 'is_removed'
    | 'status'
    | 'latitude'
    | 'longitude'
    | 'place_id'
    | 'source'
    | 'source_id'
    | 'updated_at'
    | 'version'
    | 'unisex'
    | 'accessible'
    | 'changing_table'
    | 'is_single_stall'
    | 'menstrual_products'
    | 'access'
    | 'fee'
    | 'last_confirmed_at'
    | 'time_zone'
  >
>;

/**
 * Inserts a restroom straight into the database with a change-feed version, as an admin import
 * would: approved and public unless told otherwise. Returns its id.
 */
/** The columns of a test restroom before its overrides: an approved, public Refuge listing downtown. */
export function testRestroomColumns(id: string, now: number) {
  return {
    id,
    name: 'Test Cafe',
    street: '1 Main St',
    city: 'Minneapolis',
    state: 'MN',
    country: 'US',
    latitude: 44.98,
    longitude: -93.27,
    // Stated outright: the amenity columns have no default since 202611270800_yes_no_unknown,
    // and a test database migrated to an older version still needs its values.
    unisex: 1,
    accessible: 0,
    changing_table: 0,
    is_single_stall: 0,
    menstrual_products: 0,
    status: 'approved' as const,
    source: 'refuge' as const,
    source_id: id,
    created_at: now,
    updated_at: now,
  };
}

export async function insertRestroom(db: Kysely<Database>, overrides: RestroomOverrides = {}): Promise<string> {
  const id = uuidv7();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('restrooms')
      .values({ ...testRestroomColumns(id, now), version: await nextVersion(trx), ...overrides })
      .execute();
  });
  return id;
}

/** Options of one write as the web client would send it. */
export interface WriteOptions {
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  payload?: object;
  as?: Person;
  key?: string;
  headers?: Record<string, string>;
}

/** Sends a write with the client's constant headers, the person's cookie and the key, if any. */
export function write(app: App, url: string, { method = 'POST', payload, as, key, headers = {} }: WriteOptions = {}) {
  return app.inject({
    method,
    url,
    headers: {
      ...WRITE_HEADERS,
      ...(as === undefined ? {} : { cookie: as.cookie }),
      ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A device's pull from the change feed. */
export async function pull(app: App, since?: string): Promise<SyncPage> {
  const response = await app.inject({ method: 'GET', url: `/api/sync${since === undefined ? '' : `?since=${since}`}` });
  if (response.statusCode !== 200) throw new Error(`sync failed: ${response.body}`);
  return response.json<SyncPage>();
}

/** A flag body with every field filled in, for a restroom. */
export function flagBody(restroomId: string) {
  return {
    restroom_id: restroomId,
    name: 'Test Cafe (upstairs)',
    street: '1 Main St',
    city: 'Minneapolis',
    state: 'MN',
    accessible: true,
    changing_table: false,
    unisex: true,
    menstrual_products: true,
    is_single_stall: false,
    other: 'The code is on the receipt now.',
    is_closed: false,
  };
}

/** Where the Walker Art Center is. */
export const WALKER = { latitude: 44.96817, longitude: -93.28889 };

/** What the add dialog sends for the Walker Art Center, with a weekly timetable and both comments. */
export function newRestroomBody() {
  return {
    bathroomToAdd: {
      placeID: 'osm:W123456',
      name: '  Walker Art Center ',
      formatted_address: '725 Vineland Place, Minneapolis, Minnesota 55403, United States',
      accessible: true,
      is_public: false,
      unisex: true,
      changing_table: true,
      single_stall: true,
      ...WALKER,
      commentForAdmin: '  The code is 4321; please keep it off the listing. ',
      comment: '  Gender-neutral rooms on the lower level. ',
    },
    bathroomHours: [
      { day: 4, open: 1100, close: 2100 },
      { day: 2, open: 1100, close: 1700 },
      { day: 6, open: 1000, close: 100 },
    ],
  };
}
