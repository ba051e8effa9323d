import { usernameCaseFold, usernameKey } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import { logIn, findAccountByName } from '../../src/services/log-in.js';
import { createMigrator } from '../../src/db/migrator.js';
import { hashPassword } from '../../src/passwords/password-hashes.js';
import { TEST_ADMIN, useTestApp, WRITE_HEADERS } from '../support/helpers.js';
import { emptyTestDatabase } from '../support/migration-fixtures.js';

/** 'admin' with a Cyrillic а (U+0430); 'paypal' with Cyrillic р (U+0440) and а. */
const CYRILLIC_ADMIN = '\u0430dmin';
const CYRILLIC_PAYPAL = '\u0440\u0430ypal';

describe('a username that looks like a taken one', () => {
  const testApp = useTestApp();
  const register = (username: string, password = `${username} has a long passphrase`) =>
    testApp().app.inject({ method: 'POST', url: '/api/user/register', headers: WRITE_HEADERS, payload: { username, password } });

  it.each([
    ['the admin spelled with a Cyrillic а', CYRILLIC_ADMIN, TEST_ADMIN.username],
    ['paypal spelled with Cyrillic р and а', CYRILLIC_PAYPAL, 'paypal'],
    ['morgan spelled with rn for m', 'rnorgan', 'Morgan'],
    ['Greek capitals for Latin ones', '\u039F\u039C\u0391R', 'omar'],
  ])('is refused as taken: %s', async (_case, lookAlike, original) => {
    if (original !== TEST_ADMIN.username) expect((await register(original)).statusCode).toBe(201);
    const response = await register(lookAlike);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ field: 'username', message: 'That username is taken. Choose another.' });
    const rows = await testApp().app.db.selectFrom('users').select('username').where('username', '=', lookAlike).execute();
    expect(rows).toEqual([]);
  });

  it('the look-alike is refused in the database too, not only in code', async () => {
    const { db } = testApp().app;
    const insert = (username: string) =>
      db
        .insertInto('users')
        .values({ id: crypto.randomUUID(), username, username_key: usernameKey(username), password_hash: 'x', inserted_at: Date.now(), deleted_at: null })
        .execute();
    await insert('Quill');
    await expect(insert('Qui\u04C0l')).rejects.toThrow();
  });

  it('names that only look alike to nobody stay separate accounts', async () => {
    expect((await register('Sasha')).statusCode).toBe(201);
    expect((await register('Саша')).statusCode).toBe(201);
  });
});

describe('migration 202611250900 on accounts made before look-alikes were folded', () => {
  it('gives every account its skeleton key, and a look-alike made earlier keeps signing in by its own name', async () => {
    const { database, remove } = await emptyTestDatabase('look-alikes');
    const { db } = database;
    try {
      const migrator = await createMigrator(database);
      expect((await migrator.migrateTo('202611240800_create_auth_failures')).error).toBeUndefined();
      const hash = await hashPassword('a long enough passphrase');
      const accounts = [
        // The look-alike came first, then the real admin: admins win the name.
        { id: '0190a1b2-0000-7000-8000-000000000001', username: CYRILLIC_ADMIN, is_admin: 0, inserted_at: 1 },
        { id: '0190a1b2-0000-7000-8000-000000000002', username: 'admin', is_admin: 1, inserted_at: 2 },
        { id: '0190a1b2-0000-7000-8000-000000000003', username: 'Robin', is_admin: 0, inserted_at: 3 },
      ];
      await db
        .insertInto('users')
        .values(accounts.map((account) => ({ ...account, username_key: usernameCaseFold(account.username), password_hash: hash, deleted_at: null })))
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const keys = await db.selectFrom('users').select(['username', 'username_key']).orderBy('inserted_at').execute();
      expect(keys).toEqual([
        { username: CYRILLIC_ADMIN, username_key: usernameCaseFold(CYRILLIC_ADMIN) },
        { username: 'admin', username_key: usernameKey('admin') },
        { username: 'Robin', username_key: usernameKey('Robin') },
      ]);

      const signIn = async (username: string) => (await logIn(await findAccountByName(db, username), 'a long enough passphrase')).id;
      expect(await signIn(CYRILLIC_ADMIN)).toBe(accounts[0]!.id);
      expect(await signIn('ADMIN')).toBe(accounts[1]!.id);
      expect(await signIn('robin')).toBe(accounts[2]!.id);

      // And back down: the old keys return.
      expect((await migrator.migrateTo('202611240800_create_auth_failures')).error).toBeUndefined();
      const restored = await db.selectFrom('users').select('username_key').orderBy('inserted_at').execute();
      expect(restored.map((row) => row.username_key)).toEqual(accounts.map((account) => usernameCaseFold(account.username)));
    } finally {
      await db.destroy();
      await remove();
    }
  });
});
