import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiErrorMessage, passwordProblem } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from '../../src/passwords/common-passwords.js';
import { loadConfig } from '../../src/config.js';
import { useTestApp, WRITE_HEADERS } from '../support/helpers.js';

const testApp = useTestApp();

function register(username: string, password: string) {
  return testApp().app.inject({ method: 'POST', url: '/api/user/register', headers: WRITE_HEADERS, payload: { username, password } });
}

describe('a new password found in breach lists', () => {
  it.each(['trustno1', 'passw0rd', 'p@ssw0rd', 'TrustNo1', 'blink182'])(
    '%s is refused at sign-up with a 400 naming the password, though it passes the length rule',
    async (password) => {
      // The form's own short list lets these through: only the server's list stops them.
      expect(passwordProblem(password)).toBeNull();
      const username = `breach-${password}`;
      const response = await register(username, password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: apiErrorMessage('password.commonPassword'), field: 'password' });
      const rows = await testApp().app.db.selectFrom('users').select('id').where('username', '=', username).execute();
      expect(rows).toEqual([]);
    },
  );

  it('a password of the same shape that is on no list is accepted', async () => {
    expect((await register('not-breached', 'quokka7meadow')).statusCode).toBe(201);
  });

  it('keeps the shared rule: too short, or the username, is refused for that reason first', () => {
    expect(newPasswordProblem('abc1')).toMatch(/at least 15 characters/);
    expect(newPasswordProblem('river2stone', 'River2Stone')).toMatch(/username/);
  });

  it('is checked for ADMIN_PASSWORD too, which stops the server at start', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'allstall-breached-'));
    try {
      expect(() => loadConfig({ ADMIN_PASSWORD: 'trustno1' }, dataDir)).toThrow(/ADMIN_PASSWORD: That password is too common/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
