import { describe, expect, it } from 'vitest';
import { TEST_ADMIN, useTestApp, WRITE_HEADERS, type TestApp } from '../support/helpers.js';

// Secure cookies are only sent over HTTPS; behind a TLS-terminating proxy the app learns the scheme
// from X-Forwarded-Proto, which it believes only with TRUST_PROXY.
async function loginCookie(testApp: TestApp, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { ...WRITE_HEADERS, ...headers },
    payload: TEST_ADMIN,
  });
  expect(response.statusCode).toBe(200);
  return response.cookies.find((candidate) => candidate.name === 'allstall_sid');
}

describe('with COOKIE_SECURE on behind a trusted proxy', () => {
  const testApp = useTestApp({ COOKIE_SECURE: '1', TRUST_PROXY: '1' });

  it('marks the session cookie Secure', async () => {
    const cookie = await loginCookie(testApp(), { 'x-forwarded-proto': 'https' });
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('marks the known-device cookie Secure too', async () => {
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { ...WRITE_HEADERS, 'x-forwarded-proto': 'https' },
      payload: TEST_ADMIN,
    });
    expect(response.cookies.find((candidate) => candidate.name === 'allstall_device')).toMatchObject({ secure: true, httpOnly: true });
  });

  it('keeps it Secure on a plain HTTP request too, so the browser never sends it back unencrypted', async () => {
    expect(await loginCookie(testApp(), { 'x-forwarded-proto': 'http' })).toMatchObject({ secure: true });
  });
});

describe('with COOKIE_SECURE unset and TRUST_PROXY set', () => {
  const testApp = useTestApp({ COOKIE_SECURE: undefined, TRUST_PROXY: '1' });

  it('marks the cookie Secure when the proxy says the visitor came over HTTPS', async () => {
    expect(await loginCookie(testApp(), { 'x-forwarded-proto': 'https' })).toMatchObject({ secure: true, httpOnly: true });
  });

  it('still signs people in over plain HTTP, without Secure', async () => {
    expect((await loginCookie(testApp()))?.secure).toBeFalsy();
  });
});

describe('without TRUST_PROXY', () => {
  const testApp = useTestApp({ COOKIE_SECURE: undefined });

  it('ignores X-Forwarded-Proto, which any client could send', async () => {
    expect((await loginCookie(testApp(), { 'x-forwarded-proto': 'https' }))?.secure).toBeFalsy();
  });
});
