import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeLoopbackPort } from '../../../api/test/reliability/api-process.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-admin-password-2026';

export interface AppServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The little of better-sqlite3 the tests and the bench use to look at (or set) rows in the server's own database. */
export interface ServerDatabase {
  prepare(sql: string): { get(...values: unknown[]): unknown; all(...values: unknown[]): unknown[]; run(...values: unknown[]): unknown };
}

/**
 * Opens the running server's SQLite file beside it (WAL lets both in), hands it to `use` and closes
 * it. better-sqlite3 is the api's dependency, so it is loaded from there.
 */
export function withServerDatabase<T>(server: AppServer, use: (db: ServerDatabase) => T): T {
  const Database = createRequire(join(repoRoot, 'api/package.json'))('better-sqlite3') as new (file: string) => ServerDatabase & {
    pragma(text: string): unknown;
    close(): void;
  };
  const db = new Database(join(server.dataDir, 'allstall.sqlite'));
  try {
    db.pragma('busy_timeout = 60000');
    return use(db);
  } finally {
    db.close();
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`api did not become healthy in 60 s:\n${output()}`);
}

/**
 * Starts the production build (`api/dist/server.js` serving `web/dist`) on a free loopback port with
 * a fresh data directory, exactly as `npm start` runs it, demo data included unless told otherwise.
 * `prepare` gets the data directory before the server starts, to lay down a database of its own
 * (the server then migrates nothing and finds the rows already there, as after an import).
 */
export async function startAppServer(env: Record<string, string> = {}, prepare?: (dataDir: string) => Promise<void>): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'allstall-e2e-'));
  try {
    await prepare?.(dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const port = await freeLoopbackPort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [join(repoRoot, 'api/dist/server.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(repoRoot, 'web/dist'),
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      AUTHOR_NAME: 'E2E Author',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForHealth(url, child, () => log);
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
