import type { ApiError } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { signInAdmin, signUp } from '../support/fixtures.js';
import { useTestApp, WRITE_HEADERS } from '../support/helpers.js';

/**
 * Every failure names itself by a stable `code` (with `params` for its values), which the web app
 * says in the person's language, beside the English `message` API users have always read
 * (docs/architecture.md#errors). 429, 409 "Already handled by NAME" and the storage 503 are
 * asserted where those failures are made (auth-rate-limits, moderation-flags, storage-failure).
 */
const testApp = useTestApp();

const register = (payload: object) => testApp().app.inject({ method: 'POST', url: '/api/user/register', headers: WRITE_HEADERS, payload });

describe('error codes', () => {
  it('a missing field: 400 validation.required naming it, with the English words as before', async () => {
    const response = await register({ password: 'a long enough passphrase' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'username is required.',
      field: 'username',
      code: 'validation.required',
      params: { field: 'username' },
    });
  });

  it('an unknown field and text no field may hold have codes of their own', async () => {
    const unknown = await register({ username: 'Ash', password: 'a long enough passphrase', admin: true });
    expect(unknown.json<ApiError>()).toMatchObject({ message: 'admin is not an accepted field.', code: 'validation.unknownField', params: { field: 'admin' } });
    const nul = await register({ username: 'A\u0000sh', password: 'a long enough passphrase' });
    expect(nul.json<ApiError>()).toMatchObject({ message: 'username must not contain NUL characters.', code: 'text.nulCharacter', params: { field: 'username' } });
  });

  it('the password rule shared with the web app: 400 with its code and field', async () => {
    const response = await register({ username: 'Briar', password: 'short1' });
    expect(response.json<ApiError>()).toMatchObject({
      statusCode: 400,
      field: 'password',
      message: 'Use at least 15 characters, or at least 8 with a number and a lowercase letter.',
      code: 'password.tooShort',
    });
  });

  it('a taken username: 409 username.taken', async () => {
    await signUp(testApp().app, 'Cedar');
    const again = await register({ username: 'cedar', password: 'cedar has another passphrase' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>()).toMatchObject({ message: 'That username is taken. Choose another.', field: 'username', code: 'username.taken' });
  });

  it('401 for a guest and for a failed login, 403 for a user where an admin gets through', async () => {
    const { app } = testApp();
    const guest = await app.inject({ url: '/api/users' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json<ApiError>()).toMatchObject({ message: 'Log in first.', code: 'access.loginRequired' });

    const login = await app.inject({ method: 'POST', url: '/api/user/login', headers: WRITE_HEADERS, payload: { username: 'nobody', password: 'wrong password here' } });
    expect(login.statusCode).toBe(401);
    expect(login.json<ApiError>()).toMatchObject({ message: 'Invalid username or password.', code: 'auth.loginFailed' });

    const user = await signUp(app, 'Dale');
    const refused = await app.inject({ url: '/api/users', headers: { cookie: user.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>()).toMatchObject({ message: 'Only an admin may do this.', code: 'access.adminOnly' });
    const admin = await signInAdmin(app);
    expect((await app.inject({ url: '/api/users', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
  });

  it('404 for a restroom that is not there, and for a route that is not there, with the route as params', async () => {
    const { app } = testApp();
    const restroom = await app.inject({ url: `/api/bathrooms/${uuidv7()}` });
    expect(restroom.statusCode).toBe(404);
    expect(restroom.json<ApiError>()).toMatchObject({ message: 'No such restroom.', field: 'id', code: 'restroom.notFound' });

    const route = await app.inject({ url: '/api/nope?x=1' });
    expect(route.json<ApiError>()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Nothing at GET /api/nope.',
      code: 'route.notFound',
      params: { method: 'GET', path: '/api/nope' },
    });
  });

  it('the same-origin 403 and the 415 for a body that is not JSON', async () => {
    const { app } = testApp();
    const noHeader = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'a', password: 'b' } });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json<ApiError>()).toMatchObject({
      message: 'Writes must carry the header x-requested-with: allstall.',
      code: 'sameOrigin.missingHeader',
      params: { header: 'x-requested-with', value: 'allstall' },
    });
    const crossSite = await app.inject({ method: 'POST', url: '/api/user/login', headers: { ...WRITE_HEADERS, 'sec-fetch-site': 'cross-site' }, payload: {} });
    expect(crossSite.json<ApiError>()).toMatchObject({ statusCode: 403, code: 'sameOrigin.foreignPage' });

    const user = await signUp(app, 'Ember');
    const text = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { ...WRITE_HEADERS, cookie: user.cookie, 'content-type': 'text/plain' },
      payload: 'The hand dryer is broken.',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json<ApiError>()).toMatchObject({ message: 'Send the body as application/json.', code: 'request.jsonOnly' });
  });

  it('malformed JSON keeps the parser’s words and gets a code a client can say', async () => {
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { ...WRITE_HEADERS, 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toMatchObject({ code: 'request.invalidJson' });
  });
});
