import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../src/app.js';
import { createTestApp, type TestApp } from './helpers.js';

/*
 * Real storage failures for the api tests: the database itself refuses the write with the error it
 * gives in production (SQLITE_FULL, SQLITE_READONLY, PostgreSQL's 25006), not a mock. Tests run as
 * root, where a read-only file mode does not stop a write, and a tiny file system needs mount
 * rights a developer's machine may not give, so each failure is brought about inside the database.
 */

/** The ways a database stops taking writes that a test can bring about for real. */
export type StorageFailureName = 'full disk' | 'read-only database';

/**
 * Which failures the engine under test can go through. A full disk on PostgreSQL (53100) would need
 * a tablespace on a tiny file system of the server's own, so there only read-only is produced.
 */
export const STORAGE_FAILURES: StorageFailureName[] = process.env.TEST_DATABASE_URL
  ? ['read-only database']
  : ['full disk', 'read-only database'];

/** A test app whose database can be made to refuse writes, and mended. */
export interface BreakableStorage {
  testApp: TestApp;
  /** From now on the database refuses writes as in `failure`; reads keep working. */
  fail(failure: StorageFailureName): Promise<void>;
  /** Undoes the last `fail`: the space returns, the database takes writes again. */
  mend(): Promise<void>;
}

interface Breaker {
  fail(failure: StorageFailureName): Promise<void>;
  mend(): Promise<void>;
  close(): Promise<void>;
}

/** One breakable app for the whole test file, closed afterwards; call the returned function inside tests. */
export function useBreakableStorage(): () => BreakableStorage {
  let storage: (BreakableStorage & { close: () => Promise<void> }) | undefined;
  beforeAll(async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    const breaker = baseUrl ? await readOnlyPostgresRole(baseUrl) : undefined;
    // createTestApp still makes (and drops) a schema of its own on PostgreSQL; the app just never uses it.
    const testApp = await createTestApp(breaker === undefined ? {} : { DATABASE_URL: breaker.url });
    const { fail, mend, close } = breaker ?? sqliteBreaker(testApp.app);
    storage = {
      testApp,
      fail,
      mend,
      close: async () => {
        await testApp.close();
        await close();
      },
    };
  });
  afterAll(async () => {
    await storage?.close();
  });
  return () => {
    if (storage === undefined) throw new Error('the test app is not ready yet');
    return storage;
  };
}

/**
 * On the app's own SQLite connection: a full disk is a page limit at the file's current size (SQLite
 * answers SQLITE_FULL, and rolls the transaction back itself, as on a real full disk); read-only is
 * `query_only` (SQLITE_READONLY, as for a file opened read-only).
 */
function sqliteBreaker(app: App): Breaker {
  let mend = async () => {};
  return {
    async fail(failure) {
      if (failure === 'full disk') {
        const limit = await pragmaNumber(app, 'max_page_count');
        await sql`pragma max_page_count = ${sql.lit(await pragmaNumber(app, 'page_count'))}`.execute(app.db);
        mend = async () => void (await sql`pragma max_page_count = ${sql.lit(limit)}`.execute(app.db));
      } else {
        await sql`pragma query_only = 1`.execute(app.db);
        mend = async () => void (await sql`pragma query_only = 0`.execute(app.db));
      }
    },
    mend: () => mend(),
    close: async () => {},
  };
}

async function pragmaNumber(app: App, name: 'max_page_count' | 'page_count'): Promise<number> {
  const { rows } = await sql<Record<string, number>>`pragma ${sql.raw(name)}`.execute(app.db);
  const value = rows[0]?.[name];
  if (value === undefined) throw new Error(`pragma ${name} said nothing`);
  return value;
}

/**
 * On PostgreSQL the app signs in as a role of its own with its own schema, so the test can make
 * that role's sessions read-only (25006, as on a standby after a failover) without touching any
 * other test's connections. Sessions keep the setting they started with, so switching ends the
 * role's open connections, as a failover does; the app's pool opens fresh ones.
 */
async function readOnlyPostgresRole(baseUrl: string): Promise<Breaker & { url: string }> {
  const role = `allstall_storage_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create role ${role} login`);
  await admin.query(`create schema ${role} authorization ${role}`);
  const url = new URL(baseUrl);
  url.username = role;
  url.searchParams.set('options', `-c search_path=${role}`);
  const reconnectAs = async (readOnly: boolean) => {
    await admin.query(`alter role ${role} ${readOnly ? 'set default_transaction_read_only = on' : 'reset default_transaction_read_only'}`);
    // The timeout makes each call wait until that connection is gone.
    await admin.query('select pg_terminate_backend(pid, 5000) from pg_stat_activity where usename = $1', [role]);
  };
  return {
    url: url.toString(),
    fail: async (failure) => {
      if (failure !== 'read-only database') throw new Error(`PostgreSQL cannot be given a ${failure} here`);
      await reconnectAs(true);
    },
    mend: () => reconnectAs(false),
    close: async () => {
      await admin.query(`drop schema ${role} cascade`);
      await admin.query(`drop role ${role}`);
      await admin.end();
    },
  };
}
