import { describe, expect, it } from 'vitest';
import { TEST_ADMIN, useTestApp, WRITE_HEADERS } from './helpers.js';

// Secure cookies are only sent over HTTPS; behind a TLS-terminating proxy the app learns the scheme
// from X-Forwarded-Proto, which it trusts only with TRUST_PROXY.
const testApp = useTestApp({ COOKIE_SECURE: '1', TRUST_PROXY: '1' });

describe('with COOKIE_SECURE on', () => {
  it('marks the session cookie Secure', async () => {
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { ...WRITE_HEADERS, 'x-forwarded-proto': 'https' },
      payload: TEST_ADMIN,
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((candidate) => candidate.name === 'allstall_sid');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  });
});
