import { describe, expect, it } from 'vitest';
import { logIn } from '../support/account-fixtures.js';
import { signUp, write } from '../support/fixtures.js';
import { useTestApp, WRITE_HEADERS } from '../support/helpers.js';

/* Bad input to the account routes is a 400 naming the field, never a 500 (docs/architecture.md#errors). */

const testApp = useTestApp();

describe('bad input to the account routes', () => {
  it.each([
    ['a code of five digits', { code: '12345' }, 'code'],
    ['a code with a letter', { code: '12345a' }, 'code'],
    ['a recovery code too long', { recovery_code: 'A'.repeat(17) }, 'recovery_code'],
    ['an unknown field', { remember_me: true }, 'remember_me'],
  ])('a login with %s names %s', async (_case, extra, field) => {
    const response = await logIn(testApp().app, { username: 'Nobody Here', password: 'whatever it is', ...extra });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });

  it.each([
    ['/api/user', 'DELETE', { password: 'x'.repeat(257), comments: 'keep' }, 'password'],
    ['/api/user', 'DELETE', { password: 'p', comments: 'keep', also: 1 }, 'also'],
    ['/api/user/password', 'POST', { current_password: '', new_password: 'a new passphrase here' }, 'current_password'],
    ['/api/user/second-factor', 'POST', {}, 'password'],
    ['/api/user/second-factor/confirm', 'POST', { code: 123456 }, 'code'],
    ['/api/user/second-factor', 'DELETE', { code: '123456', recovery_code: 'ABCDE-12345' }, 'recovery_code'],
    ['/api/user/second-factor/recovery-codes', 'POST', { recovery_code: 'short' }, 'recovery_code'],
  ] as const)('%s %s with a bad body names %s', async (url, method, payload, field) => {
    const { app } = testApp();
    const person = await signUp(app, `Input ${url.length} ${method} ${field} ${Object.keys(payload).length}`);
    const response = await write(app, url, { method, as: person, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });

  it('a deletion sent without a body is a 400, not a 500', async () => {
    const { app } = testApp();
    const person = await signUp(app, 'Input Empty Body');
    const response = await app.inject({ method: 'DELETE', url: '/api/user', headers: { ...WRITE_HEADERS, cookie: person.cookie, 'content-type': 'application/json' }, payload: '' });
    expect(response.statusCode).toBe(400);
  });
});
