import { describe, expect, it } from 'vitest';
import { TEST_ADMIN, useTestApp, WRITE_HEADERS } from './helpers.js';

const testApp = useTestApp();

function loginWith(headers: Record<string, string>, payload: unknown = TEST_ADMIN) {
  return testApp().app.inject({ method: 'POST', url: '/api/user/login', headers, payload: payload as object });
}

describe('write protection under /api', () => {
  it('refuses a write without x-requested-with: allstall with 403 and says why', async () => {
    for (const headers of [{}, { 'x-requested-with': 'XMLHttpRequest' }] as Array<Record<string, string>>) {
      const response = await loginWith(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect(response.json().message).toContain('x-requested-with');
    }
  });

  it('refuses cross-site fetch metadata and a foreign Origin', async () => {
    const crossSite = await loginWith({ ...WRITE_HEADERS, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const foreignOrigin = await loginWith({ ...WRITE_HEADERS, host: 'allstall.example', origin: 'https://evil.example' });
    expect(foreignOrigin.statusCode).toBe(403);
    const nullOrigin = await loginWith({ ...WRITE_HEADERS, origin: 'null' });
    expect(nullOrigin.statusCode).toBe(403);
  });

  it('accepts a same-origin write from the browser', async () => {
    const response = await loginWith({
      ...WRITE_HEADERS,
      host: 'allstall.example',
      origin: 'https://allstall.example',
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { ...WRITE_HEADERS, 'content-type': 'text/plain' },
      payload: 'username=admin',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
  });

  it('leaves reads alone', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});
