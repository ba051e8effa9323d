import { existsSync, linkSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/** What a finished backup holds, read back from the copy itself. */
export interface BackupSummary {
  file: string;
  bytes: number;
  restrooms: number;
  users: number;
  comments: number;
  /** `meta.seq`: the last feed version in the copy, what a device's cursor is measured against. */
  feedVersion: number;
}

/** A backup that cannot be taken; the message is one line an operator can act on. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The most pages better-sqlite3 lets one step copy: the whole database, in practice. */
const ALL_PAGES = 0x7fffffff;
const BUSY_TIMEOUT_MS = 5000;

/**
 * Copies the SQLite database at `source` to `destination` with SQLite's online backup, safe while a
 * server writes to it. The copy is made in one step, inside one read transaction: in WAL mode the
 * writer is not blocked, and the copy is the database as of that transaction's start. (Copying a
 * few pages per step, the default, restarts whenever another connection writes, so under steady
 * writes it might never finish.) The copy goes to a temporary file beside `destination` and is put
 * in place only once complete, so a failed backup never leaves a half-written FILE.
 */
export async function backupSqlite(source: string, destination: string, { force = false } = {}): Promise<BackupSummary> {
  const target = path.resolve(destination);
  if (!existsSync(source)) throw new BackupError(`no database at ${source}: check DATA_DIR (the server keeps its data in DATA_DIR/allstall.sqlite).`);
  if (!force && existsSync(target)) throw new BackupError(`${target} already exists; choose a new file or pass --force to overwrite it.`);
  if (!existsSync(path.dirname(target))) throw new BackupError(`cannot write ${target}: the directory ${path.dirname(target)} does not exist.`);

  const partial = `${target}.partial-${process.pid}`;
  let database: SqliteDatabase.Database;
  try {
    // fileMustExist: never create an empty database where the server's should be.
    database = new SqliteDatabase(source, { fileMustExist: true });
    database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  } catch (error) {
    throw new BackupError(`cannot open the database at ${source}: ${messageOf(error)}`);
  }
  try {
    await database.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`cannot write ${target}: ${messageOf(error)}`);
  } finally {
    database.close();
  }

  try {
    const summary = summarize(partial);
    putInPlace(partial, target, force);
    return { ...summary, file: target };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error instanceof BackupError ? error : new BackupError(`cannot write ${target}: ${messageOf(error)}`);
  }
}

/**
 * Counts read from the copy, which also proves it opens; each is one indexed count, cheap at any size.
 * The copy inherits WAL mode from the server's file; it is turned back to a rollback journal so it
 * stays one self-contained file (the server turns WAL on again when it opens a restored copy).
 */
function summarize(file: string): Omit<BackupSummary, 'file'> {
  const copy = new SqliteDatabase(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const count = (table: string) => (copy.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const seq = copy.prepare(`select value from meta where key = 'seq'`).get() as { value: number } | undefined;
    return {
      bytes: statSync(file).size,
      restrooms: count('restrooms'),
      users: count('users'),
      comments: count('comments'),
      feedVersion: seq?.value ?? 0,
    };
  } finally {
    copy.close();
  }
}

/** A hard link fails when the name is taken, so without --force a file made meanwhile is still kept. */
function putInPlace(partial: string, target: string, force: boolean): void {
  if (force) {
    renameSync(partial, target);
    return;
  }
  try {
    linkSync(partial, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BackupError(`${target} already exists; choose a new file or pass --force to overwrite it.`);
    }
    throw error;
  }
  rmSync(partial);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
