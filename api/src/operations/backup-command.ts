import { ConfigError, readDatabaseConfig } from '../config.js';
import { BackupError, backupSqlite } from './backup-sqlite.js';

/** What the command printed and how it ended, so tests can read it without a child process. */
export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

const USAGE = 'usage: backup FILE [--force]  (writes a copy of the SQLite database in DATA_DIR to FILE)';

/** What an operator on PostgreSQL should run instead: its own tools are the consistent way there. */
export const POSTGRES_ADVICE =
  'allstall: DATABASE_URL is PostgreSQL; back it up with pg_dump: pg_dump --format=custom --file=allstall.dump "$DATABASE_URL" ' +
  '(restore with: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" allstall.dump; see docs/operations.md).';

/**
 * `backup FILE [--force]`: the whole command but its printing, reading the same settings as the
 * server (DATA_DIR, DATABASE_URL). Every failure is one line on stderr and exit code 1.
 */
export async function runBackupCommand(args: readonly string[], env: Readonly<Record<string, string | undefined>>, cwd: string): Promise<CommandResult> {
  const fail = (message: string): CommandResult => ({ exitCode: 1, stdout: '', stderr: `${message}\n` });
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  const unknown = files.find((arg) => arg.startsWith('-'));
  if (unknown !== undefined) return fail(`allstall: unknown option ${unknown}; ${USAGE}`);
  if (files.length !== 1) return fail(`allstall: ${USAGE}`);

  let config: ReturnType<typeof readDatabaseConfig>;
  try {
    config = readDatabaseConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return fail(`allstall: ${error.message}`);
    throw error;
  }
  if (config.database.kind === 'postgres') return fail(POSTGRES_ADVICE);

  try {
    const summary = await backupSqlite(config.database.file, files[0]!, { force });
    return {
      exitCode: 0,
      stdout:
        `allstall: wrote ${summary.file} (${summary.bytes} bytes): ${summary.restrooms} restrooms, ${summary.users} users, ` +
        `${summary.comments} comments, feed at version ${summary.feedVersion}.\n`,
      stderr: '',
    };
  } catch (error) {
    if (error instanceof BackupError) return fail(`allstall: ${error.message}`);
    throw error;
  }
}
