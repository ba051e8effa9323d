import path from 'node:path';
import { runBackupCommand } from '../operations/backup-command.js';

/*
 * `npx pnpm@10 --filter @allstall/api backup FILE [--force]` or `node api/dist/cli/backup.js FILE`:
 * a consistent copy of the SQLite database while the server runs (docs/operations.md#backups).
 * pnpm runs package scripts inside api/ (INIT_CWD is where it was started): DATA_DIR is read from
 * the working directory as the server started the same way reads it, FILE from where the operator typed it.
 */
const typedIn = process.env.INIT_CWD ?? process.cwd();
const args = process.argv.slice(2).map((arg) => (arg.startsWith('-') ? arg : path.resolve(typedIn, arg)));
try {
  const result = await runBackupCommand(args, process.env, process.cwd());
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
} catch (error) {
  process.stderr.write(`allstall: the backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
