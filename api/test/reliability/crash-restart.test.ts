import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { expect, it } from 'vitest';
import type { DatabaseConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import type { Database } from '../../src/db/schema.js';
import { createPostgresSchemaIfAsked, TEST_ADMIN } from '../support/helpers.js';
import { sqliteIntegrityProblems } from '../support/sqlite-integrity.js';
import { startApiProcess } from './api-process.js';
import { crashSchedule } from './crash-schedule.js';
import { crashWrites, expectedLanding, landedWrites } from './crash-writes.js';
import { sendUntilAcknowledged } from './retrying-client.js';
import { addRestroomOver, logInOver, signUpOver } from './sessions-over-http.js';

/** Writes the client sends, each retried until acknowledged. */
const WRITE_COUNT = 1000;
/** Writes on the wire at once, as several tabs and the service worker of one person might. */
const IN_FLIGHT = 4;
/** SIGKILLs at random moments of the run, each followed by a restart (which takes seconds: see crash-schedule.ts). */
const CRASHES = 10;

it(
  'every write acknowledged while the api is SIGKILLed and restarted again and again exists exactly once, in a sound database',
  // Ten restarts, each a minute or more on a busy machine: a ceiling for a hang, not a speed budget.
  { timeout: 900_000 },
  async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'allstall-crash-'));
    const postgres = await createPostgresSchemaIfAsked();
    const database: DatabaseConfig = postgres
      ? { kind: 'postgres', url: postgres.url }
      : { kind: 'sqlite', file: path.join(dataDir, 'allstall.sqlite') };
    const api = await startApiProcess({
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'warn',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    try {
      const admin = await logInOver(api.url, TEST_ADMIN);
      const restroomId = await addRestroomOver(api.url, admin, 'Central Library');
      const person = await signUpOver(api.url, 'crash-tester');
      const writes = crashWrites(WRITE_COUNT, restroomId);

      const crashes = crashSchedule(api, CRASHES, WRITE_COUNT);
      const sent = await sendUntilAcknowledged(writes, {
        baseUrl: api.url,
        cookie: person.cookie,
        inFlight: IN_FLIGHT,
        onAcknowledged: () => crashes.acknowledged(),
        signal: crashes.failed,
      });
      await crashes.settled();
      await api.stop();

      expect(sent.refused).toEqual([]);
      expect(sent.acknowledged).toHaveLength(WRITE_COUNT);
      // Every answer, a replayed one too, names the row made under the write's key.
      expect(sent.acknowledged.filter(({ key, body }) => !JSON.stringify(body).includes(key))).toEqual([]);
      expect(api.restarts).toBe(CRASHES);
      // The crashes cut writes off on the wire, and those were sent again under their keys.
      expect(sent.acknowledged.filter(({ attempts }) => attempts > 1).length).toBeGreaterThan(0);

      const inspected = openForInspection(database);
      try {
        const landed = await landedWrites(inspected, person.id, restroomId);
        const byKey = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
        expect(landed.sort(byKey)).toEqual(writes.map(expectedLanding).sort(byKey));
        if (database.kind === 'sqlite') expect(await sqliteIntegrityProblems(inspected)).toEqual([]);
      } finally {
        await inspected.destroy();
      }
    } finally {
      await api.stop();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);

/**
 * The database as the crashes left it. SQLite is opened read-only, so checking it cannot change or
 * repair anything; the last server stopped cleanly, after recovering from the crash before it.
 */
function openForInspection(database: DatabaseConfig): Kysely<Database> {
  if (database.kind === 'postgres') return connectDatabase(database).db;
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(database.file, { readonly: true }) }) });
}
