import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../src/http/idempotency.js';
import { insertRestroom, signUp, signUpPassword, write } from '../support/fixtures.js';
import { sessionCookieFrom, WRITE_HEADERS } from '../support/helpers.js';
import { sqliteIntegrityProblems } from '../support/sqlite-integrity.js';
import { STORAGE_FAILURES, useBreakableStorage } from '../support/storage-failures.js';

const storage = useBreakableStorage();

/** A message to the admins at its longest (5,000 characters), so it needs new pages in the file. */
const LONG_MESSAGE = { details: 'The accessible stall on the second floor has been locked all week. '.repeat(75).slice(0, 5000) };

describe.each(STORAGE_FAILURES)('with a %s', (failure) => {
  it('a write gets 503 with Retry-After and a plain message, reads and the session keep working, and the same write lands once afterwards', async () => {
    const { testApp, fail, mend } = storage();
    const { app } = testApp;
    const username = `sam-${failure.replaceAll(' ', '-')}`;
    const sam = await signUp(app, username);
    const restroomId = await insertRestroom(app.db, { name: 'Central Library' });
    const key = uuidv7();

    await fail(failure);
    try {
      const refused = await write(app, '/api/contact', { as: sam, key, payload: LONG_MESSAGE });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        statusCode: 503,
        error: 'Service Unavailable',
        message: "The server can't save changes right now, so nothing was changed. Please try again in a minute.",
        code: 'storage.unavailableWrite',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      const listing = await app.inject({ url: `/api/bathrooms/${restroomId}` });
      expect(listing.statusCode).toBe(200);
      expect(listing.json()).toMatchObject({ id: restroomId, name: 'Central Library' });
      const me = await app.inject({ url: '/api/user', headers: { cookie: sam.cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: sam.id, username });
    } finally {
      await mend();
    }

    // The outbox sends it again under the same key: it lands now, once, and a repeat changes nothing.
    const sent = await write(app, '/api/contact', { as: sam, key, payload: LONG_MESSAGE });
    expect(sent.statusCode).toBe(201);
    expect(sent.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    const repeated = await write(app, '/api/contact', { as: sam, key, payload: LONG_MESSAGE });
    expect(repeated.statusCode).toBe(201);
    expect(repeated.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(repeated.json()).toEqual(sent.json());
    const stored = await app.db.selectFrom('contact').select(['id', 'details']).where('user_id', '=', sam.id).execute();
    expect(stored).toEqual([{ id: key, details: LONG_MESSAGE.details }]);

    if (app.dbEngine === 'sqlite') expect(await sqliteIntegrityProblems(app.db)).toEqual([]);
  });
});

it('signing in while the database is read-only gets the same 503 and no session cookie, and works once it is writable', async () => {
  const { testApp, fail, mend } = storage();
  const { app } = testApp;
  await signUp(app, 'riley');
  const logIn = () =>
    app.inject({ method: 'POST', url: '/api/user/login', headers: WRITE_HEADERS, payload: { username: 'riley', password: signUpPassword('riley') } });

  await fail('read-only database');
  try {
    const refused = await logIn();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining("can't save changes right now") });
    expect(refused.cookies).toEqual([]);
  } finally {
    await mend();
  }
  const signedIn = await logIn();
  expect(signedIn.statusCode).toBe(200);
  expect(sessionCookieFrom(signedIn)).toBeDefined();
});
