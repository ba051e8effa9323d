import { ConfigError, loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrator.js';

/*
 * `npm run migrate` (from api/): brings the configured database's schema up to date without starting
 * the server, e.g. before a rolling deploy. The server also does this on every start.
 */
try {
  const config = loadConfig();
  const database = connectDatabase(config.database);
  const { db, engine } = database;
  try {
    await migrateToLatest(database);
    process.stdout.write(`allstall: the ${engine} schema is up to date.\n`);
  } finally {
    await db.destroy();
  }
} catch (error) {
  process.stderr.write(`allstall: ${error instanceof ConfigError ? error.message : String(error)}\n`);
  if (!(error instanceof ConfigError) && error instanceof Error && error.cause !== undefined) {
    process.stderr.write(`caused by: ${String(error.cause)}\n`);
  }
  process.exitCode = 1;
}
