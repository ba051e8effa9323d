import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signUp, write, type Person } from '../support/fixtures.js';
import { TEST_ADMIN, useTestApp, WRITE_HEADERS } from '../support/helpers.js';

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

async function contactMessages(): Promise<string[]> {
  const rows = await testApp().app.db.selectFrom('contact').select('details').execute();
  return rows.map((row) => row.details);
}

describe('a cross-site attempt at a real write, with the victim signed in', () => {
  let victim: Person;
  const attempt = (headers: Record<string, string>, payload: string, contentType = 'application/json') =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { cookie: victim.cookie, 'content-type': contentType, host: 'allstall.example', ...headers },
      payload,
    });

  it('is refused, whatever a hostile page can make a browser send, and stores nothing', async () => {
    victim = await signUp(testApp().app, 'Victim');
    const json = JSON.stringify({ details: 'sent by evil.example' });
    const refusals = [
      // A plain <form> post: no custom header is possible without a CORS preflight we never grant.
      await attempt({}, 'details=sent+by+evil.example', 'application/x-www-form-urlencoded'),
      await attempt({}, 'details=sent by evil.example', 'text/plain'),
      await attempt({}, '--b\r\nContent-Disposition: form-data; name="details"\r\n\r\nevil\r\n--b--', 'multipart/form-data; boundary=b'),
      await attempt({}, json),
      // Had the header somehow been added, fetch metadata and Origin still give the page away.
      await attempt({ ...WRITE_HEADERS, 'sec-fetch-site': 'cross-site' }, json),
      await attempt({ ...WRITE_HEADERS, 'sec-fetch-site': 'same-site', origin: 'https://evil.allstall.example' }, json),
      await attempt({ ...WRITE_HEADERS, origin: 'https://evil.example' }, json),
      // And with the right headers, a form's content type is not accepted either.
      await attempt({ ...WRITE_HEADERS }, 'details=sent+by+evil.example', 'application/x-www-form-urlencoded'),
      await attempt({ ...WRITE_HEADERS }, 'details=sent by evil.example', 'text/plain'),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403, 415, 415]);
    expect(await contactMessages()).toEqual([]);
  });
});

describe('a write the outbox replays days later', () => {
  afterEach(() => vi.useRealTimers());

  it('still passes: the checks carry no token that expires, only what the app always sends', async () => {
    const person = await signUp(testApp().app, 'Patient');
    const key = uuidv7();
    const sentFromTheServiceWorker = {
      as: person,
      key,
      payload: { details: 'Written on the bus with no signal.' },
      headers: { host: 'allstall.example', origin: 'https://allstall.example', 'sec-fetch-site': 'same-origin' },
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 24 * 60 * 60 * 1000);

    const first = await write(testApp().app, '/api/contact', sentFromTheServiceWorker);
    expect(first.statusCode).toBe(201);
    // The connection dropped before the answer arrived, so the outbox sends it once more.
    const again = await write(testApp().app, '/api/contact', sentFromTheServiceWorker);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.json()).toMatchObject({ id: key });
    expect(await contactMessages()).toEqual(['Written on the bus with no signal.']);
  });
});
