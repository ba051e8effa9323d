import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, describe, expect, it } from 'vitest';
import { SOURCE_CONDITION } from '../../../build/source-condition.mjs';
import { SQLITE_FILE_NAME } from '../../src/config.js';
import { insertRestroom, pull, signUp, write, type Person } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { sqliteIntegrityProblems } from '../support/sqlite-integrity.js';

/** The api package: the backup command runs from there, as `pnpm --filter @allstall/api backup` runs it. */
const API_DIR = fileURLToPath(new URL('../../', import.meta.url));
const WRITERS = 8;

/** The real command (src/cli/backup.ts through tsx) in a process of its own, as an operator runs it beside the server. */
async function runBackupProcess(dataDir: string, file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [`--conditions=${SOURCE_CONDITION}`, '--import', 'tsx', 'src/cli/backup.ts', file], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? API_DIR, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

// SQLite's online backup, on a SQLite app in both suites; PostgreSQL has pg_dump (see backup-command.test.ts).
describe('a backup taken while the server writes', () => {
  const made: Array<{ close: () => Promise<void> } | string> = [];
  afterAll(async () => {
    for (const thing of made.reverse()) {
      if (typeof thing === 'string') rmSync(thing, { recursive: true, force: true });
      else await thing.close();
    }
  });

  it('takes a backup while 8 writers write, restores it into a new DATA_DIR, and the server there has every write acknowledged before the backup began', async () => {
    const live: TestApp = await createTestApp({}, {}, 'sqlite');
    made.push(live);
    const restroomId = await insertRestroom(live.app.db);
    const people: Person[] = [];
    for (let i = 0; i < WRITERS; i++) people.push(await signUp(live.app, `Writer ${i}`));
    const cursorBefore = (await pull(live.app)).cursor;

    // A write counts as acknowledged before the backup once its 201 arrived before the command started.
    let backupStarted = false;
    let stop = false;
    const acknowledgedBefore: string[] = [];
    const acknowledgedDuring: string[] = [];
    const writerOf = new Map<string, Person>();
    const writer = async (person: Person, n: number) => {
      for (let i = 0; !stop; i++) {
        const key = uuidv7();
        const startedBeforeBackup = !backupStarted;
        const response = await write(live.app, '/api/feedback', {
          as: person,
          key,
          payload: { restroom_id: restroomId, upvote: i % 2, downvote: 1 - (i % 2), comment: `Note ${i} from writer ${n}.` },
        });
        expect(response.statusCode, response.body).toBe(201);
        writerOf.set(key, person);
        // Only a write both sent and answered before the start is promised; the rest may or may not be in it.
        (startedBeforeBackup && !backupStarted ? acknowledgedBefore : acknowledgedDuring).push(key);
      }
    };
    const writing = Promise.all(people.map((person, n) => writer(person, n)));
    while (acknowledgedBefore.length < 50) await new Promise((resolve) => setTimeout(resolve, 5));

    const backupDir = mkdtempSync(path.join(tmpdir(), 'allstall-backup-'));
    made.push(backupDir);
    const backupFile = path.join(backupDir, 'allstall-backup.sqlite');
    backupStarted = true;
    const backup = await runBackupProcess(live.dataDir, backupFile);
    const writtenDuring = acknowledgedDuring.length;
    stop = true;
    await writing;

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`^allstall: wrote ${backupFile} \\(\\d+ bytes\\): 1 restrooms, ${WRITERS + 1} users, \\d+ comments, feed at version \\d+\\.\\n$`));
    // The writers kept writing while the command ran, so the copy was taken under load.
    expect(writtenDuring).toBeGreaterThan(0);

    // Restore, as docs/operations.md says: the copy under the expected name in an empty DATA_DIR, with
    // the generated session secret kept beside it, so the sessions in the copy still sign in.
    const restoredDir = mkdtempSync(path.join(tmpdir(), 'allstall-restored-'));
    made.push(restoredDir);
    copyFileSync(backupFile, path.join(restoredDir, SQLITE_FILE_NAME));
    copyFileSync(path.join(live.dataDir, 'session-secret'), path.join(restoredDir, 'session-secret'));
    const restored = await createTestApp({ DATA_DIR: restoredDir }, {}, 'sqlite');
    made.push(restored);
    const { app } = restored;

    expect(await sqliteIntegrityProblems(app.db)).toEqual([]);
    const found = new Set(
      (await app.db.selectFrom('comments').select('id').where('id', 'in', acknowledgedBefore).execute()).map((row) => row.id),
    );
    expect(acknowledgedBefore.filter((key) => !found.has(key))).toEqual([]);
    const users = await app.db.selectFrom('users').select('username').where('username', 'like', 'Writer %').execute();
    expect(users).toHaveLength(WRITERS);

    // The feed: a device's cursor from before the backup still pulls, and brings the comments made since.
    const page = await pull(app, cursorBefore);
    expect(page.reset).toBe(false);
    expect(page.comments.map((comment) => comment.id)).toEqual(expect.arrayContaining(acknowledgedBefore.slice(0, 10)));
    // A cursor from past the backup (the live server went on) is told to start over, cleanly.
    const liveCursor = (await pull(live.app)).cursor;
    expect((await pull(app, liveCursor)).reset).toBe(true);

    // A device that sends an acknowledged write again, still signed in, gets its first answer back.
    const replay = await write(app, '/api/feedback', {
      as: writerOf.get(acknowledgedBefore[0]!)!,
      key: acknowledgedBefore[0]!,
      payload: { restroom_id: restroomId, upvote: 1, downvote: 0, comment: 'Sent twice.' },
    });
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    // The restore step that rules out a late device reaching a cursor the restored feed reuses
    // (docs/operations.md#restore-step-by-step): every cursor from before is then told to start over.
    await sql`update meta set value = value + 1000000 where key = 'seq'`.execute(app.db);
    await sql`update meta set value = (select value from meta where key = 'seq') where key = 'tombstone_floor'`.execute(app.db);
    expect((await pull(app, cursorBefore)).reset).toBe(true);
    expect((await pull(app, liveCursor)).reset).toBe(true);
    const fresh = await pull(app);
    expect(fresh.reset).toBe(false);
    expect(Number(fresh.cursor)).toBeGreaterThan(Number(liveCursor));
    expect((await pull(app, fresh.cursor)).reset).toBe(false);
  });
});
