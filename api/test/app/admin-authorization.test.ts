import { apiErrorMessage, type FeedbackResult, type NewRestroomReceipt } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { insertRestroom, newRestroomBody, signInAdmin, signUp, signUpPassword, write, type Person } from '../support/fixtures.js';
import { MINNEAPOLIS_PLACES, MINNEAPOLIS_TOILETS, startFakeOverpass, startFakeRefuge } from '../fakes/index.js';
import { useTestApp } from '../support/helpers.js';
import { refugeImportRow } from '../support/import-fixtures.js';
import { raiseFlag, sendContact, signUpAdmin } from '../support/moderation-fixtures.js';
import { anotherSession, turnOnSecondFactor } from '../support/account-fixtures.js';

/*
 * Every admin endpoint checks the session's role on the server (docs/product-rules.md#roles-guest-user-admin, issue 5): a guest is told to
 * log in (401), a signed-in person who is not an admin is refused (403), and an admin gets through.
 * Each row makes whatever its request needs afresh, so an admin's call always has an item to act on.
 */

// The importers ask outside services; here they ask fakes on 127.0.0.1.
const refuge = await startFakeRefuge();
const overpass = await startFakeOverpass([...MINNEAPOLIS_PLACES, ...MINNEAPOLIS_TOILETS]);
afterAll(async () => {
  await refuge.stop();
  await overpass.stop();
});

const testApp = useTestApp({ REFUGE_API_URL: refuge.url, OVERPASS_URL: overpass.url });
let user: Person;
let admin: Person;

beforeAll(async () => {
  const { app } = testApp();
  user = await signUp(app, 'Authz User');
  admin = await signInAdmin(app);
});

/** One admin request: method, url and body, made against a fresh item when it needs one. */
interface AdminRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
}

/** Add a row for every admin endpoint: its name and how to make one request to it (`by` is a regular user of that app). */
const adminEndpoints: Array<[string, (app: App, by: Person) => Promise<AdminRequest>]> = [
  ['GET /api/bathrooms?all=1', async () => ({ method: 'GET', url: '/api/bathrooms?all=1' })],
  ['GET /api/admin/pending', async () => ({ method: 'GET', url: '/api/admin/pending' })],
  [
    'PATCH /api/bathrooms/:id (approve)',
    async (app) => ({ method: 'PATCH', url: `/api/bathrooms/${await insertRestroom(app.db, { status: 'pending' })}`, payload: { status: 'approved' } }),
  ],
  [
    'PATCH /api/bathrooms/:id (edit)',
    async (app) => ({ method: 'PATCH', url: `/api/bathrooms/${await insertRestroom(app.db)}`, payload: { name: 'Renamed' } }),
  ],
  ['DELETE /api/bathrooms/:id', async (app) => ({ method: 'DELETE', url: `/api/bathrooms/${await insertRestroom(app.db)}` })],
  ['GET /api/flags', async () => ({ method: 'GET', url: '/api/flags' })],
  [
    'PATCH /api/flags/:id',
    async (app, by) => ({ method: 'PATCH', url: `/api/flags/${await raiseFlag(app, by, await insertRestroom(app.db))}`, payload: { status: 'rejected' } }),
  ],
  ['GET /api/contact', async () => ({ method: 'GET', url: '/api/contact' })],
  ['PATCH /api/contact/:id', async (app, by) => ({ method: 'PATCH', url: `/api/contact/${await sendContact(app, by)}`, payload: { resolved: true } })],
  ['GET /api/users', async () => ({ method: 'GET', url: '/api/users' })],
  [
    'PATCH /api/users/:id',
    async (app) => ({ method: 'PATCH', url: `/api/users/${(await signUp(app, `Authz ${uuidv7()}`)).id}`, payload: { is_admin: true } }),
  ],
  ['DELETE /api/users/:id', async (app) => ({ method: 'DELETE', url: `/api/users/${(await signUp(app, `Authz ${uuidv7()}`)).id}` })],
  // Both tools are given nothing that needs a look-up, so this file never reaches a real geocoder.
  ['POST /api/admin/tools/geocode', async () => ({ method: 'POST', url: '/api/admin/tools/geocode', payload: { afterId: 'ffffffff-ffff-7fff-bfff-ffffffffffff' } })],
  [
    'POST /api/admin/tools/hours',
    async (app) => {
      const id = await insertRestroom(app.db);
      return { method: 'POST', url: '/api/admin/tools/hours', payload: { minId: id, maxId: id } };
    },
  ],
  ['GET /api/admin/import/refuge', async () => ({ method: 'GET', url: '/api/admin/import/refuge?per_page=5&page=1' })],
  ['GET /api/admin/import/osm', async () => ({ method: 'GET', url: '/api/admin/import/osm' })],
  ['POST /api/admin/import', async () => ({ method: 'POST', url: '/api/admin/import', payload: { source: 'refuge', rows: [refugeImportRow('7001')] } })],
];

function send(app: App, request: AdminRequest, as: Person | undefined) {
  if (request.method === 'GET') {
    return app.inject({ method: 'GET', url: request.url, ...(as === undefined ? {} : { headers: { cookie: as.cookie } }) });
  }
  return write(app, request.url, { method: request.method, ...(request.payload === undefined ? {} : { payload: request.payload }), ...(as === undefined ? {} : { as }) });
}

describe.each(adminEndpoints)('%s', (_name, makeRequest) => {
  it('tells a guest to log in (401)', async () => {
    const { app } = testApp();
    const response = await send(app, await makeRequest(app, user), undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, message: 'Log in first.' });
  });

  it('refuses a signed-in person who is not an admin (403)', async () => {
    const { app } = testApp();
    const response = await send(app, await makeRequest(app, user), user);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, message: 'Only an admin may do this.' });
  });

  it('lets an admin through (2xx)', async () => {
    const { app } = testApp();
    const response = await send(app, await makeRequest(app, user), admin);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
    expect(response.statusCode, response.body).toBeLessThan(300);
  });
});

/*
 * With ADMIN_REQUIRE_2FA on (docs/architecture.md#second-factor), every admin endpoint also refuses
 * an admin who has no second factor, and one whose session did not give it, each with a code that
 * says which; an admin whose session gave it gets through. A regular user is refused as before.
 */
describe('with ADMIN_REQUIRE_2FA on', () => {
  const gatedApp = useTestApp({ REFUGE_API_URL: refuge.url, OVERPASS_URL: overpass.url, ADMIN_REQUIRE_2FA: '1' });
  let gatedUser: Person;
  let adminWithout: Person;
  let adminFromBefore: Person;
  let adminVerified: Person;

  beforeAll(async () => {
    const { app } = gatedApp();
    gatedUser = await signUp(app, 'Gated User');
    adminWithout = await signUpAdmin(app, 'Gated Admin Without');
    // Signed in before turning the factor on, in another session: that session never gave a code.
    adminFromBefore = await signUpAdmin(app, 'Gated Admin Before');
    adminVerified = await anotherSession(app, 'Gated Admin Before');
    await turnOnSecondFactor(app, adminVerified, signUpPassword('Gated Admin Before'));
  });

  it('lets an admin without it write only as a regular user: a restroom waits for review, another’s comment stays', async () => {
    const { app } = gatedApp();
    const added = await write(app, '/api/bathrooms', { as: adminWithout, payload: newRestroomBody() });
    expect(added.json<NewRestroomReceipt>().restroom.status).toBe('pending');
    const restroomId = await insertRestroom(app.db);
    const comment = await write(app, '/api/feedback', { as: gatedUser, payload: { restroom_id: restroomId, upvote: 0, downvote: 0, comment: 'Mine.' } });
    const commentId = comment.json<FeedbackResult>().comment!.id;
    expect((await write(app, `/api/comments/${commentId}`, { method: 'DELETE', as: adminWithout })).statusCode).toBe(403);
    expect((await write(app, `/api/comments/${commentId}`, { method: 'DELETE', as: adminVerified })).statusCode).toBe(204);
  });

  describe.each(adminEndpoints)('%s', (_name, makeRequest) => {
    it('refuses an admin with no second factor (403 auth.secondFactorSetupRequired)', async () => {
      const { app } = gatedApp();
      const response = await send(app, await makeRequest(app, gatedUser), adminWithout);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'auth.secondFactorSetupRequired', message: apiErrorMessage('auth.secondFactorSetupRequired') });
    });

    it('refuses an admin whose session did not give it (403 auth.secondFactorRequired)', async () => {
      const { app } = gatedApp();
      const response = await send(app, await makeRequest(app, gatedUser), adminFromBefore);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'auth.secondFactorRequired' });
    });

    it('still refuses a regular user as not an admin', async () => {
      const { app } = gatedApp();
      const response = await send(app, await makeRequest(app, gatedUser), gatedUser);
      expect(response.json()).toMatchObject({ statusCode: 403, code: 'access.adminOnly' });
    });

    it('lets an admin whose session gave it through (2xx)', async () => {
      const { app } = gatedApp();
      const response = await send(app, await makeRequest(app, gatedUser), adminVerified);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
      expect(response.statusCode, response.body).toBeLessThan(300);
    });
  });
});
