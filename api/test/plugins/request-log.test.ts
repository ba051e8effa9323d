import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { insertRestroom, signUp, signUpPassword, write } from '../support/fixtures.js';
import { createTestApp, sessionIdFromCookie, TEST_ADMIN, WRITE_HEADERS } from '../support/helpers.js';

/*
 * The request log as an operator reads it: one JSON line per request, and nothing in it that
 * someone would not want kept in a log file (a password, a session cookie, where they stood).
 */

interface LogLine {
  level: number;
  msg: string;
  method?: string;
  route?: string | null;
  path?: string;
  status?: number;
}

/** A test app at LOG_LEVEL=info whose log lines are kept, as text and parsed. */
async function loggedApp(env: Record<string, string> = {}) {
  const text: string[] = [];
  const testApp = await createTestApp({ LOG_LEVEL: 'info', ...env }, { logStream: { write: (line) => text.push(line) } });
  const answered = () => text.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'request answered');
  return { ...testApp, text, answered };
}

const HERE = { lat: 44.97123456, lng: -93.26412345 };

describe('the request log', () => {
  it('writes one line per request, with the route and path but no password, cookie or position', async () => {
    const { app, text, answered, close } = await loggedApp();
    try {
      const restroomId = await insertRestroom(app.db);
      const casey = await signUp(app, 'Casey');
      const login = await app.inject({ method: 'POST', url: '/api/user/login', headers: WRITE_HEADERS, payload: TEST_ADMIN });
      expect(login.statusCode).toBe(200);
      const nearby = await app.inject({ method: 'GET', url: `/api/bathrooms/nearby?lat=${HERE.lat}&lng=${HERE.lng}&limit=5`, headers: { cookie: casey.cookie } });
      expect(nearby.statusCode).toBe(200);
      const feedback = { restroom_id: restroomId, upvote: 1, downvote: 0, comment: 'Warm water!' };
      expect((await write(app, '/api/feedback', { as: casey, payload: feedback, key: uuidv7() })).statusCode).toBe(201);
      const wrongPassword = 'not the admin password at all';
      const refused = await app.inject({ method: 'POST', url: '/api/user/login', headers: WRITE_HEADERS, payload: { username: 'admin', password: wrongPassword } });
      expect(refused.statusCode).toBe(401);

      const lines = answered();
      expect(lines.map(({ method, route, status }) => `${method} ${route} ${status}`)).toEqual([
        'POST /api/user/register 201',
        'POST /api/user/login 200',
        'GET /api/bathrooms/nearby 200',
        'POST /api/feedback 201',
        'POST /api/user/login 401',
      ]);
      expect(lines[2]?.path).toBe('/api/bathrooms/nearby');

      const everything = text.join('');
      for (const secret of [
        signUpPassword('Casey'),
        TEST_ADMIN.password,
        wrongPassword,
        casey.cookie,
        sessionIdFromCookie(casey.cookie),
        String(HERE.lat),
        String(HERE.lng),
        'lat=',
      ]) {
        expect(everything).not.toContain(secret);
      }
      expect(everything.toLowerCase()).not.toContain('cookie');
    } finally {
      await close();
    }
  });

  it('samples successful requests at REQUEST_LOG_SAMPLE but always logs an error answer', async () => {
    const { app, answered, close } = await loggedApp({ REQUEST_LOG_SAMPLE: '0' });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/bathrooms/not-a-restroom' })).statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: '/api/no-such-route?lat=1.5' })).statusCode).toBe(404);
      expect(answered().map(({ path, status }) => `${path} ${status}`)).toEqual(['/api/bathrooms/not-a-restroom 400', '/api/no-such-route 404']);
    } finally {
      await close();
    }
  });

  it('writes nothing about requests at LOG_LEVEL=warn unless the server failed', async () => {
    const { app, text, close } = await loggedApp({ LOG_LEVEL: 'warn' });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);
      expect(text).toEqual([]);
    } finally {
      await close();
    }
  });
});
