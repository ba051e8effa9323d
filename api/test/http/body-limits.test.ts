import { CONTACT_MAX_LENGTH, IMPORT_ROWS_MAX } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../../src/http/body-limits.js';
import { signInAdmin, signUp, write } from '../support/fixtures.js';
import { importAs, refugeImportRow } from '../support/import-fixtures.js';
import { useTestApp } from '../support/helpers.js';

const testApp = useTestApp();

function tooLarge(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(413);
  expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
}

describe('body size limits, per route', () => {
  it('a login body bigger than any username and password could make is refused before it is read', async () => {
    const payload = { username: 'sam', password: 'p'.repeat(BODY_LIMITS.credentials) };
    tooLarge(await write(testApp().app, '/api/user/login', { payload }));
  });

  it('an ordinary write is refused past its limit, yet the longest valid message fully escaped fits', async () => {
    const person = await signUp(testApp().app, 'Taylor');
    const huge = { details: 'x'.repeat(BODY_LIMITS.write) };
    tooLarge(await write(testApp().app, '/api/contact', { as: person, payload: huge }));

    // Every character of the longest contact message as a JSON escape, as some clients send it.
    const escaped = `{"details":"${'\\u00e9'.repeat(CONTACT_MAX_LENGTH)}"}`;
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'x-requested-with': 'allstall', 'content-type': 'application/json', cookie: person.cookie },
      payload: escaped,
    });
    expect(response.statusCode).toBe(201);
  });

  it('an import of the most rows allowed, each with long directions, is read in full', async () => {
    const admin = await signInAdmin(testApp().app);
    const rows = Array.from({ length: IMPORT_ROWS_MAX }, (_, index) =>
      refugeImportRow(String(900_000 + index), { name: `Listing ${index}`, directions: 'Past the front desk, then left. '.repeat(60) }),
    );
    expect(JSON.stringify({ source: 'refuge', rows }).length).toBeGreaterThan(BODY_LIMITS.write * 10);
    expect(await importAs(testApp().app, admin, { source: 'refuge', rows })).toMatchObject({ inserted: IMPORT_ROWS_MAX });
  });
});
