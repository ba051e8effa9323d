import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@allstall/shared';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';

/** Settings for a test app, as environment variables; they override the test defaults below. */
export type TestEnv = Record<string, string | undefined>;

/** `buildApp` options a test may set beside the environment (those finer than a variable allows). */
export type TestAppOptions = Pick<BuildAppOptions, 'snapshotMaxAgeMs' | 'holdSnapshotBuild' | 'mapPackUrlTimeoutMs' | 'logStream'>;

/** A migrated app on its own fresh database, and the files it made. */
export interface TestApp {
  app: App;
  config: AppConfig;
  dataDir: string;
  /** What the app would have printed to stdout (the generated admin password). */
  announcements: string[];
  close: () => Promise<void>;
}

/** The admin every test app starts with, unless a test unsets ADMIN_PASSWORD. */
export const TEST_ADMIN = { username: 'admin', password: 'admin-password-for-tests-only' };

/** The headers the web client sends on every write. */
export const WRITE_HEADERS = { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE } as const;

/**
 * Which database a test app runs on: the suite's (a SQLite file, or PostgreSQL when
 * TEST_DATABASE_URL is set), or always a SQLite file, for what only SQLite has (its file, its
 * online backup): those tests then run the same in both suites rather than being skipped in one.
 */
export type TestEngine = 'configured' | 'sqlite';

/**
 * Builds the real app (the same `buildApp` production uses) on a fresh temporary SQLite file, or on
 * a fresh PostgreSQL schema when TEST_DATABASE_URL is set. Demo data is off unless asked for.
 */
export async function createTestApp(env: TestEnv = {}, options: TestAppOptions = {}, engine: TestEngine = 'configured'): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'allstall-test-'));
  const database = engine === 'sqlite' ? undefined : await createPostgresSchemaIfAsked();
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      DATABASE_URL: database?.url,
      // Tests sweep when they mean to (operations/sweep-retention.ts, with their own clock).
      RETENTION_SWEEP_MINUTES: '0',
      ...env,
    },
    dataDir,
  );
  const announcements: string[] = [];
  const app = buildApp({ config, announce: (message) => announcements.push(message), ...options });
  const close = async () => {
    await app.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await app.ready();
  } catch (error) {
    // An app that never started leaves no schema or temporary folder behind either.
    await close();
    throw error;
  }
  return { app, config, dataDir, announcements, close };
}

/** One app for the whole test file, closed afterwards; call the returned function inside tests. */
export function useTestApp(env: TestEnv = {}, options: TestAppOptions = {}, engine: TestEngine = 'configured'): () => TestApp {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp(env, options, engine);
  });
  afterAll(async () => {
    await testApp?.close();
  });
  return () => {
    if (testApp === undefined) throw new Error('the test app is not ready yet');
    return testApp;
  };
}

/**
 * With TEST_DATABASE_URL set, a schema of its own for one test file (dropped afterwards), reached
 * through the connection's search_path so the app needs no test-only switch.
 */
export async function createPostgresSchemaIfAsked(): Promise<{ schema: string; url: string; drop: () => Promise<void> } | undefined> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl === undefined || baseUrl === '') return undefined;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop schema ${schema} cascade`);
      await dropper.end();
    },
  };
}

/** A temporary web build (index.html, a service worker, a hashed asset) for the static tests. */
export function makeWebDist(parentDir: string): string {
  const webDist = path.join(parentDir, 'web-dist');
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>allstall</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("allstall");');
  return webDist;
}

/** The last `allstall_sid` cookie a response set (browsers apply them in order), as `name=value`. */
export function sessionCookieFrom(response: { cookies: Array<{ name: string; value: string }> }): string | undefined {
  const cookie = response.cookies.findLast((candidate) => candidate.name === 'allstall_sid');
  return cookie === undefined || cookie.value === '' ? undefined : `allstall_sid=${cookie.value}`;
}

/** The session id inside a signed cookie value (`id.signature`), for looking the row up. */
export function sessionIdFromCookie(cookieHeader: string): string {
  const signed = decodeURIComponent(cookieHeader.slice('allstall_sid='.length));
  return signed.slice(0, signed.lastIndexOf('.'));
}

/** The body decoded as its Content-Encoding says. */
export function decodedBody(response: Awaited<ReturnType<App['inject']>>): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.rawPayload.toString('utf8');
}
