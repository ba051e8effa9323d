import { describe, expect, it } from 'vitest';
import { useTestApp, WRITE_HEADERS } from '../support/helpers.js';

const testApp = useTestApp();

describe('whatever a client sends', () => {
  it.each([
    ['GET', '/api/sync?since=999999999999999999'],
    ['GET', '/api/sync?since=1&since=2'],
    ['GET', '/api/sync?limit=1e3'],
    ['GET', '/api/bathrooms/nearby?lat=1&lat=2&lng=3'],
    ['GET', '/api/bathrooms/nearby?lat=NaN&lng=Infinity'],
    ['GET', '/api/bathrooms/%ZZ'],
    ['GET', '/api/bathrooms/' + 'a'.repeat(5000)],
    ['GET', '/api/user?x=1'],
    ['DELETE', '/api/user'],
  ])('%s %s answers below 500 in the error shape', async (method, url) => {
    const response = await testApp().app.inject({ method: method as 'GET', url, headers: WRITE_HEADERS });
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode >= 400) {
      expect(response.json()).toMatchObject({ statusCode: response.statusCode, error: expect.any(String), message: expect.any(String) });
    }
  });

  it.each([
    ['null', 'null'],
    ['an array', '[]'],
    ['a number', '42'],
    ['a deep object', JSON.stringify({ username: { a: { b: {} } }, password: 'x' })],
    ['a prototype-polluting key', '{"__proto__": {"is_admin": true}, "username": "a", "password": "b"}'],
    ['an over-long password', JSON.stringify({ username: 'long', password: 'x'.repeat(300) })],
  ])('a register body that is %s gets a 400', async (_case, payload) => {
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { ...WRITE_HEADERS, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('a body over the size limit gets a 413', async () => {
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { ...WRITE_HEADERS, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('API answers are never cached', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/api/config' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['/api/user/login', { username: 'sam\u0000', password: 'x' }, 'username'],
    ['/api/user/register', { username: 'sam', password: 'a long enough pass\u0000word' }, 'password'],
  ])('refuses a NUL character in %s with a 400 naming the field, on every engine', async (url, body, field) => {
    const response = await testApp().app.inject({
      method: 'POST',
      url,
      headers: { ...WRITE_HEADERS, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field });
  });
});
