import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../src/config.js';
import { POSTGRES_ADVICE, runBackupCommand } from '../../src/operations/backup-command.js';
import { insertRestroom } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';
import { temporaryDirs } from '../support/temporary-dirs.js';

const newDir = temporaryDirs('allstall-backup-command-');

describe('the backup command', () => {
  it('says to use pg_dump, and how, when DATABASE_URL is PostgreSQL', async () => {
    const result = await runBackupCommand([path.join(newDir(), 'copy.sqlite')], { DATABASE_URL: 'postgres://allstall@db/allstall' }, newDir());
    expect(result).toEqual({ exitCode: 1, stdout: '', stderr: `${POSTGRES_ADVICE}\n` });
    expect(POSTGRES_ADVICE).toContain('pg_dump --format=custom --file=allstall.dump "$DATABASE_URL"');
    expect(POSTGRES_ADVICE).toContain('pg_restore');
  });

  it('reports a missing database in one line, and creates neither DATA_DIR nor a database', async () => {
    const dataDir = path.join(newDir(), 'no-such-data');
    const destination = path.join(newDir(), 'copy.sqlite');
    const result = await runBackupCommand([destination], { DATA_DIR: dataDir }, newDir());
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `allstall: no database at ${path.join(dataDir, SQLITE_FILE_NAME)}: check DATA_DIR (the server keeps its data in DATA_DIR/allstall.sqlite).\n`,
    );
    expect(existsSync(dataDir)).toBe(false);
    expect(existsSync(destination)).toBe(false);
  });

  it('asks for one FILE and names an unknown option', async () => {
    expect((await runBackupCommand([], {}, newDir())).stderr).toMatch(/^allstall: usage: backup FILE \[--force\]/);
    expect((await runBackupCommand(['a', 'b'], {}, newDir())).exitCode).toBe(1);
    expect((await runBackupCommand(['a', '--fast'], {}, newDir())).stderr).toMatch(/^allstall: unknown option --fast;/);
  });

  it('reports a setting it cannot use as the server would', async () => {
    const result = await runBackupCommand(['copy.sqlite'], { DATABASE_URL: 'mysql://db' }, newDir());
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^allstall: DATABASE_URL: only postgres:\/\/ or postgresql:\/\/ URLs are supported/);
  });
});

// These read a real SQLite file in DATA_DIR, so they run on a SQLite app in both suites; on PostgreSQL the command only gives its advice (above).
describe('the backup command on SQLite', () => {
  const testApp = useTestApp({}, {}, 'sqlite');

  it('writes the copy and says what it holds', async () => {
    const { app, dataDir } = testApp();
    await insertRestroom(app.db);
    const destination = path.join(newDir(), 'copy.sqlite');
    const result = await runBackupCommand([destination], { DATA_DIR: dataDir }, newDir());
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      `allstall: wrote ${destination} (${statSync(destination).size} bytes): 1 restrooms, 1 users, 0 comments, feed at version 1.\n`,
    );
    // Only the finished copy is left: no temporary file beside it.
    expect(readdirSync(path.dirname(destination))).toEqual(['copy.sqlite']);
  });

  it('refuses to overwrite an existing FILE unless --force', async () => {
    const { dataDir } = testApp();
    const destination = path.join(newDir(), 'copy.sqlite');
    writeFileSync(destination, 'last night’s backup');
    const refused = await runBackupCommand([destination], { DATA_DIR: dataDir }, newDir());
    expect(refused).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: `allstall: ${destination} already exists; choose a new file or pass --force to overwrite it.\n`,
    });
    expect(readFileSync(destination, 'utf8')).toBe('last night’s backup');

    const forced = await runBackupCommand([destination, '--force'], { DATA_DIR: dataDir }, newDir());
    expect(forced.exitCode).toBe(0);
    expect(readFileSync(destination).subarray(0, 15).toString()).toBe('SQLite format 3');
  });

  it('says so in one line when FILE cannot be written', async () => {
    const { dataDir } = testApp();
    const destination = path.join(newDir(), 'missing-folder', 'copy.sqlite');
    const result = await runBackupCommand([destination], { DATA_DIR: dataDir }, newDir());
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(`allstall: cannot write ${destination}: the directory ${path.dirname(destination)} does not exist.\n`);
  });
});
