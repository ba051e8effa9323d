import { createRequire } from 'node:module';
import { join } from 'node:path';
import { connectDatabase } from '../../../api/src/db/connect.js';
import { migrateToLatest } from '../../../api/src/db/migrator.js';
import { nextVersions } from '../../../api/src/repositories/feed-versions.js';
import { seedEmptyDatabase } from '../../../api/src/seed/index.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../../e2e/support/app-server.js';
import { syntheticListings, TWIN_CITIES_LAYOUT, type SyntheticLayout } from './synthetic-restrooms.js';

/** The few calls of better-sqlite3 used here; the package is the api's, so web has no types for it. */
interface RawStatement {
  run(...values: unknown[]): unknown;
}
interface RawDatabase {
  pragma(pragma: string): unknown;
  prepare(sql: string): RawStatement;
  transaction(body: () => void): () => void;
  close(): void;
}
type RawDatabaseConstructor = new (file: string) => RawDatabase;

// Resolved from the api package, which owns the dependency (the app server opens the same file with it).
const RawSqlite = createRequire(new URL('../../../api/package.json', import.meta.url))('better-sqlite3') as RawDatabaseConstructor;

/** The SQLite file an app server with this DATA_DIR opens. */
const databaseFile = (dataDir: string) => join(dataDir, 'allstall.sqlite');

type SeedLog = Parameters<typeof seedEmptyDatabase>[1]['log'];
const quietLog = { info: () => undefined } as unknown as SeedLog;

/**
 * Creates the database of a server that has not started yet (its DATA_DIR), migrated and seeded as
 * the api does on a first start (the e2e admin account, no demo data: a server finding restrooms
 * would not seed), holding `count` synthetic restrooms placed by `layout` (the Twin Cities unless
 * told), with change-feed versions taken the api's own
 * way (`nextVersions`), so devices sync them as they would sync an import.
 *
 * The rows go in through one prepared statement per table in one transaction: 250,000 restrooms
 * and their 900,000 opening ranges take a few seconds, where multi-row inserts through Kysely took
 * 21 s and the import endpoint (500 rows a request) would take longer than the measurements.
 * The versions are reserved in a transaction of their own just before; nothing reads the file
 * until the server starts, so nobody sees the one without the other.
 */
export async function seedSyntheticRestrooms(dataDir: string, count: number, layout: SyntheticLayout = TWIN_CITIES_LAYOUT): Promise<void> {
  const handle = connectDatabase({ kind: 'sqlite', file: databaseFile(dataDir) });
  let firstVersion: number;
  try {
    await migrateToLatest(handle);
    await seedEmptyDatabase(handle.db, {
      admin: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      demoData: false,
      announce: () => undefined,
      log: quietLog,
    });
    firstVersion = (await handle.db.transaction().execute((trx) => nextVersions(trx, count)))[0] ?? 0;
  } finally {
    await handle.db.destroy();
  }
  if (count === 0) return;

  const raw = new RawSqlite(databaseFile(dataDir));
  try {
    // A crash mid-seed leaves a database nobody uses: durability buys nothing here. The api turns
    // write-ahead logging back on when it opens the file.
    raw.pragma('synchronous = OFF');
    raw.pragma('journal_mode = OFF');
    raw.pragma('cache_size = -262144');
    let insertRestroom: RawStatement | undefined;
    let columns: string[] = [];
    const insertHours = raw.prepare('INSERT INTO opening_hours (restroom_id, day, open, close) VALUES (?, ?, ?, ?)');
    raw.transaction(() => {
      let version = firstVersion;
      for (const { restroom, hours } of syntheticListings(count, undefined, layout)) {
        const row: Record<string, unknown> = { ...restroom, version: version++ };
        if (insertRestroom === undefined) {
          columns = Object.keys(row);
          insertRestroom = raw.prepare(`INSERT INTO restrooms (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
        }
        insertRestroom.run(...columns.map((column) => row[column]));
        for (const range of hours) insertHours.run(restroom.id, range.day, range.open, range.close);
      }
    })();
  } finally {
    raw.close();
  }
}
