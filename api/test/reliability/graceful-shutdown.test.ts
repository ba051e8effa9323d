import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { TEST_ADMIN } from '../support/helpers.js';
import { sqliteIntegrityProblems } from '../support/sqlite-integrity.js';
import { freeLoopbackPort } from './api-process.js';
import { startBuiltServer, type BuiltServer } from './built-server.js';
import { expectedLanding, landedWrites, type CrashWrite } from './crash-writes.js';
import { sendUntilAcknowledged } from './retrying-client.js';
import { startRoundRobinProxy } from './round-robin-proxy.js';
import { addRestroomOver, logInOver, signUpOver } from './sessions-over-http.js';
import { startSteadyLoad } from './steady-load.js';

/*
 * SIGTERM under load, on the built server (`node api/dist/server.js`: build the api first), as a
 * deployment sends it: operations/graceful-shutdown.ts and docs/operations.md#shutting-down.
 */

/** Clients reading and writing at once. */
const CLIENTS = 8;
/** Acknowledged writes before each signal: enough that the load is in full swing. */
const WRITES_BETWEEN_SIGNALS = 40;

const dataDirs: string[] = [];
const servers: BuiltServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function serverEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // The shutdown's own lines are at info.
    LOG_LEVEL: 'info',
  };
}

async function start(env: Record<string, string>, port: number): Promise<BuiltServer> {
  const server = await startBuiltServer(env, port);
  servers.push(server);
  return server;
}

/** Every row the person's writes left, read from the SQLite file once no server has it open. */
async function landedIn(dataDir: string, personId: string, restroomId: string) {
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dataDir, 'allstall.sqlite'), { readonly: true }) }),
  });
  try {
    return { landed: await landedWrites(db, personId, restroomId), integrityProblems: await sqliteIntegrityProblems(db) };
  } finally {
    await db.destroy();
  }
}

const byKey = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

describe('shutting down on SIGTERM', () => {
  it(
    'under load: exits 0, every request that reached the server is answered in full, every acknowledged write is stored once, and the unanswered ones are stored once when retried after a restart',
    { timeout: 300_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'allstall-shutdown-'));
      dataDirs.push(dataDir);
      const env = serverEnv(dataDir);
      const port = await freeLoopbackPort();
      const server = await start(env, port);
      const admin = await logInOver(server.url, TEST_ADMIN);
      const restroomId = await addRestroomOver(server.url, admin, 'Central Library');
      const person = await signUpOver(server.url, 'shutdown-tester');

      const load = startSteadyLoad({ baseUrl: server.url, cookie: person.cookie, restroomId, clients: CLIENTS, stopAtNoAnswer: true });
      await load.untilAcknowledged(WRITES_BETWEEN_SIGNALS);
      load.markSignal();
      server.kill('SIGTERM');
      const exit = await server.exited;
      const outcome = await load.stop();

      expect(exit, server.output().slice(-4_000)).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain('shut down cleanly');
      expect(outcome.failed).toEqual([]);
      // Requests were on the wire when the signal went, and were answered rather than dropped.
      expect(outcome.finishedAfterSignal).toBeGreaterThan(0);
      expect(outcome.reads).toBeGreaterThan(0);

      // The device sends what got no answer again, under the same key, to the server started again.
      const restarted = await start(env, port);
      const retried = await sendUntilAcknowledged(outcome.unanswered, { baseUrl: restarted.url, cookie: person.cookie, inFlight: 4 });
      expect(retried.refused).toEqual([]);
      expect(retried.acknowledged).toHaveLength(outcome.unanswered.length);
      restarted.kill('SIGTERM');
      expect(await restarted.exited).toEqual({ code: 0, signal: null });

      const { landed, integrityProblems } = await landedIn(dataDir, person.id, restroomId);
      const sent: CrashWrite[] = [...outcome.acknowledged, ...outcome.unanswered];
      expect(landed.sort(byKey)).toEqual(sent.map(expectedLanding).sort(byKey));
      expect(integrityProblems).toEqual([]);
    },
  );

  it(
    'a rolling restart of two instances on one SQLite file behind a retrying round-robin proxy fails no request and loses or doubles no acknowledged write',
    { timeout: 300_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'allstall-rolling-'));
      dataDirs.push(dataDir);
      const env = serverEnv(dataDir);
      const ports = [await freeLoopbackPort(), await freeLoopbackPort()] as const;
      // One after the other, as docs/scaling.md says: the first runs the migrations.
      const instances = [await start(env, ports[0]), await start(env, ports[1])];
      const proxy = await startRoundRobinProxy(ports);
      try {
        const admin = await logInOver(proxy.url, TEST_ADMIN);
        const restroomId = await addRestroomOver(proxy.url, admin, 'Central Library');
        const person = await signUpOver(proxy.url, 'rolling-tester');
        const load = startSteadyLoad({ baseUrl: proxy.url, cookie: person.cookie, restroomId, clients: CLIENTS, stopAtNoAnswer: false });

        const acknowledgedWhileDown: number[] = [];
        for (const [index, port] of ports.entries()) {
          await load.untilAcknowledged(load.acknowledgedCount() + WRITES_BETWEEN_SIGNALS);
          const before = load.acknowledgedCount();
          instances[index]?.kill('SIGTERM');
          const exit = await instances[index]?.exited;
          expect(exit, instances[index]?.output().slice(-4_000)).toEqual({ code: 0, signal: null });
          instances[index] = await start(env, port);
          acknowledgedWhileDown.push(load.acknowledgedCount() - before);
        }
        await load.untilAcknowledged(load.acknowledgedCount() + WRITES_BETWEEN_SIGNALS);
        const outcome = await load.stop();

        expect(outcome.failed).toEqual([]);
        expect(outcome.unanswered).toEqual([]);
        // The other instance kept serving while each one restarted.
        expect(acknowledgedWhileDown.every((count) => count > 0), `acknowledged while one was down: ${acknowledgedWhileDown.join(', ')}`).toBe(true);

        for (const instance of instances) instance?.kill('SIGTERM');
        for (const instance of instances) expect(await instance?.exited).toEqual({ code: 0, signal: null });
        const { landed, integrityProblems } = await landedIn(dataDir, person.id, restroomId);
        expect(landed.sort(byKey)).toEqual(outcome.acknowledged.map(expectedLanding).sort(byKey));
        expect(integrityProblems).toEqual([]);
      } finally {
        await proxy.close();
      }
    },
  );
});
