import { apiErrorMessage } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import { anotherSession, logIn, readAs } from '../support/account-fixtures.js';
import { signUp, signUpPassword, write } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

const testApp = useTestApp();

describe('POST /api/user/password', () => {
  it('sets the new password, ends every other session of the person (their cookies get 401) and keeps this one', async () => {
    const { app } = testApp();
    const laptop = await signUp(app, 'Pat Changer');
    const phone = await anotherSession(app, 'Pat Changer');
    const tablet = await anotherSession(app, 'Pat Changer');
    const bystander = await signUp(app, 'Pat Bystander');

    const response = await write(app, '/api/user/password', {
      as: laptop,
      payload: { current_password: signUpPassword('Pat Changer'), new_password: 'a brand new passphrase for Pat' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sessions_ended: 2 });

    expect((await readAs(app, '/api/user', laptop)).statusCode).toBe(200);
    expect((await readAs(app, '/api/user', phone)).statusCode).toBe(401);
    expect((await readAs(app, '/api/user', tablet)).statusCode).toBe(401);
    expect((await readAs(app, '/api/user', bystander)).statusCode).toBe(200);

    expect((await logIn(app, { username: 'Pat Changer', password: signUpPassword('Pat Changer') })).statusCode).toBe(401);
    expect((await logIn(app, { username: 'Pat Changer', password: 'a brand new passphrase for Pat' })).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 naming current_password, and changes nothing', async () => {
    const { app } = testApp();
    const person = await signUp(app, 'Pat Wrong');
    const phone = await anotherSession(app, 'Pat Wrong');
    const response = await write(app, '/api/user/password', { as: person, payload: { current_password: 'not my password at all', new_password: 'a brand new passphrase' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'current_password', code: 'auth.wrongPassword', message: apiErrorMessage('auth.wrongPassword') });
    expect((await readAs(app, '/api/user', phone)).statusCode).toBe(200);
    expect((await logIn(app, { username: 'Pat Wrong', password: signUpPassword('Pat Wrong') })).statusCode).toBe(200);
  });

  it.each([
    ['too short', () => 'short1', 'password.tooShort'],
    ['on the short list the form knows', () => 'password123', 'password.commonPassword'],
    ['only on the breached list the server keeps', () => 'trustno1', 'password.commonPassword'],
    ['the username', (username: string) => username, 'password.sameAsUsername'],
  ])('refuses a new password %s with 400 naming new_password', async (_case, newPassword, code) => {
    const { app } = testApp();
    const username = `Pat Policy ${code.replace(/\W/g, '')} ${_case.length}`;
    const person = await signUp(app, username);
    const response = await write(app, '/api/user/password', { as: person, payload: { current_password: signUpPassword(username), new_password: newPassword(username) } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ field: 'new_password', code });
  });

  it('names a missing field, and refuses a guest with 401 before reading the body', async () => {
    const { app } = testApp();
    const person = await signUp(app, 'Pat Missing');
    const missing = await write(app, '/api/user/password', { as: person, payload: { current_password: signUpPassword('Pat Missing') } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'new_password' });
    expect((await write(app, '/api/user/password', { payload: { nonsense: true } })).statusCode).toBe(401);
  });

  it('answers 429 after ten wrong current passwords, as a login would', async () => {
    const { app } = testApp();
    const person = await signUp(app, 'Pat Guesser');
    const guess = () => write(app, '/api/user/password', { as: person, payload: { current_password: 'a wrong guess here', new_password: 'a brand new passphrase' } });
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await guess()).statusCode).toBe(400);
    const refused = await guess();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'auth.tooManyWrongPasswords' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
