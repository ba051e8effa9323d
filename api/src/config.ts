import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, SYNC_PAGE_CHANGES, usernameProblem, type Region } from '@allstall/shared';
import { readRegion } from './region-config.js';
import { newPasswordProblem } from './passwords/common-passwords.js';

/** Where the data lives: a SQLite file by default, PostgreSQL when DATABASE_URL says so. */
export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

type GeocoderKind = 'photon' | 'nominatim';

/**
 * Where the region's map pack comes from (docs/map-pack.md): a PMTiles file the api serves itself,
 * or an archive elsewhere (a CDN, an object store) the device reads directly.
 */
type MapPackSource = { kind: 'file'; file: string } | { kind: 'url'; url: string };

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Every setting the server runs with, read and checked once at start (docs/architecture.md#configuration). */
export interface AppConfig {
  port: number;
  /** 127.0.0.1 by default; containers need 0.0.0.0 to be reachable from outside. */
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  /** Signs the session cookie; at least 32 characters. */
  sessionSecret: string;
  /**
   * `Secure` on the session cookie: always, never, or 'auto' (when the request came over HTTPS,
   * which behind a proxy is known only with `trustProxy` set).
   */
  cookieSecure: boolean | 'auto';
  /** Passed to Fastify's `trustProxy`: false, true, a hop count, or a list of addresses. */
  trustProxy: boolean | number | string;
  admin: { username: string; password: string | null };
  /**
   * Whether an admin must have a second factor on, and have given it at this login, before any admin
   * route answers (ADMIN_REQUIRE_2FA; off by default until the web app can turn the factor on and ask
   * for it at login, so no deployment's admins are locked out of their screens; docs/architecture.md#second-factor).
   */
  adminRequireSecondFactor: boolean;
  demoData: boolean;
  /**
   * Whether the server brings the schema up to date when it starts. Off where a single migrate job
   * runs before many instances start: the server then refuses to start on an outdated schema.
   */
  migrateOnStart: boolean;
  authorName: string;
  /** Where this deployment serves: map, list origin, import area, address defaults, units, time zone. */
  region: Region;
  tileUrl: string;
  tileAttribution: string;
  /** The map pack offered for saving on the device; null offers none (MAP_PACK_FILE or MAP_PACK_URL). */
  mapPack: MapPackSource | null;
  geocoder: { kind: GeocoderKind; url: string };
  /** How long the geocoder and Overpass get to answer before the request fails with a 502. */
  geocoderTimeoutMs: number;
  refugeApiUrl: string;
  overpassUrl: string;
  /** Import runs (docs/architecture.md#import-runs): the pause between two requests to a source, the
   * side of the tiles an OpenStreetMap run asks for, and how long one request may take. */
  importRun: { requestIntervalMs: number; tileDegrees: number; requestTimeoutMs: number };
  /**
   * How long a built first-sync snapshot (GET /api/sync/snapshot) or open-data export is served
   * before a newer one is built once the feed has moved on, however little (SNAPSHOT_MAX_AGE_SECONDS);
   * 0 serves every answer at the feed's newest version.
   */
  snapshotMaxAgeMs: number;
  /**
   * How many changes (feed versions) past a snapshot's version bring a rebuild before its maximum
   * age (SNAPSHOT_REBUILD_CHANGES): a device starting from it pulls at most that many changes more,
   * in pages of SYNC_PAGE_CHANGES (docs/offline-data.md#first-sync-in-pieces).
   */
  snapshotRebuildChanges: number;
  /**
   * After SIGTERM or SIGINT, how long requests already in flight get to finish before the process
   * gives up on them and exits non-zero (SHUTDOWN_GRACE_SECONDS; docs/operations.md#shutting-down).
   */
  shutdownGraceMs: number;
  /** The built web app; served when the directory exists. */
  webDistDir: string;
  logLevel: LogLevel;
  /**
   * The share (0..1) of successful requests whose one log line is written; answers of 400 and above
   * are always logged. 1 logs every request.
   */
  requestLogSample: number;
  /**
   * The port Prometheus metrics are served on (GET /metrics), on `host` beside the app's port and
   * never on it, so the public port does not show them; null serves none (docs/operations.md#metrics).
   */
  metricsPort: number | null;
  /** What is kept how long, and how often it is swept (docs/operations.md#retention). */
  retention: RetentionConfig;
}

/** Retention windows and the sweep's pace, in milliseconds. */
interface RetentionConfig {
  /** Between two sweeps (RETENTION_SWEEP_MINUTES); 0 never sweeps. */
  sweepIntervalMs: number;
  /** A write's whole stored answer (WRITE_ANSWER_RETENTION_DAYS). */
  writeAnswerMs: number;
  /** The proof a write's key was spent (WRITE_KEY_RETENTION_DAYS); longer than a device can hold a write. */
  writeKeyMs: number;
  /** A finished import run's per-listing rows (IMPORT_RUN_ROWS_RETENTION_DAYS). */
  importRunRowsMs: number;
  /** Deletion tombstones (TOMBSTONE_RETENTION_DAYS). */
  tombstoneMs: number;
}

/** A setting that cannot be used; the message names the variable so the operator can fix it. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

const GEOCODER_DEFAULT_URLS: Record<GeocoderKind, string> = {
  photon: 'https://photon.komoot.io',
  nominatim: 'https://nominatim.openstreetmap.org',
};
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SESSION_SECRET_MIN_LENGTH = 32;
/*
 * A snapshot build at 250,000 restrooms takes about 15 s of CPU. Rebuilt at most once an hour while
 * the feed moves slowly, and once 2,000 changes have piled up when it moves fast, it costs well
 * under a tenth of a core (docs/scaling.md#the-first-sync-snapshots-cost), while a device that starts
 * from it pulls at most two feed pages of changes after it, one more than from a newest snapshot.
 */
const DEFAULT_SNAPSHOT_MAX_AGE_SECONDS = 3_600;
const DEFAULT_SNAPSHOT_REBUILD_CHANGES = 2 * SYNC_PAGE_CHANGES;
const SESSION_SECRET_FILE = 'session-secret';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads the environment into an `AppConfig`, throwing `ConfigError` for the first unusable value.
 * Creates DATA_DIR, and keeps a generated session secret there, so sessions survive restarts.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const read = readerOf(env);

  const { dataDir, database } = readDatabaseConfig(env, cwd);
  mkdirSync(dataDir, { recursive: true });

  const geocoderKind = readChoice(read, 'GEOCODER', ['photon', 'nominatim'] as const, 'photon');
  const admin = readAdmin(read);

  return {
    port: readInteger(read, 'PORT', 3000, 0, 65535),
    host: read('HOST') ?? '127.0.0.1',
    dataDir,
    database,
    sessionSecret: readSessionSecret(read('SESSION_SECRET'), dataDir),
    cookieSecure: read('COOKIE_SECURE') === undefined && read('NODE_ENV') !== 'production' ? 'auto' : readBoolean(read, 'COOKIE_SECURE', true),
    trustProxy: readTrustProxy(read('TRUST_PROXY')),
    admin,
    adminRequireSecondFactor: readBoolean(read, 'ADMIN_REQUIRE_2FA', false),
    demoData: readBoolean(read, 'DEMO_DATA', true),
    migrateOnStart: readBoolean(read, 'MIGRATE_ON_START', true),
    authorName: read('AUTHOR_NAME') ?? 'the allstall team',
    region: readRegion(read, (variable, problem) => new ConfigError(variable, problem)),
    tileUrl: readUrl(read, 'TILE_URL', DEFAULT_TILE_URL),
    tileAttribution: read('TILE_ATTRIBUTION') ?? DEFAULT_TILE_ATTRIBUTION,
    mapPack: readMapPack(read, cwd),
    geocoder: { kind: geocoderKind, url: readUrl(read, 'GEOCODER_URL', GEOCODER_DEFAULT_URLS[geocoderKind]) },
    geocoderTimeoutMs: readInteger(read, 'GEOCODER_TIMEOUT_MS', 8000, 1, 120_000),
    refugeApiUrl: readUrl(read, 'REFUGE_API_URL', 'https://www.refugerestrooms.org/api/v1/restrooms'),
    overpassUrl: readUrl(read, 'OVERPASS_URL', 'https://overpass-api.de'),
    importRun: {
      requestIntervalMs: readInteger(read, 'IMPORT_REQUEST_INTERVAL_MS', 1000, 0, 600_000),
      tileDegrees: readDecimal(read, 'IMPORT_OSM_TILE_DEGREES', 1, 0.01, 10),
      requestTimeoutMs: readInteger(read, 'IMPORT_REQUEST_TIMEOUT_MS', 120_000, 1, 600_000),
    },
    snapshotMaxAgeMs: readInteger(read, 'SNAPSHOT_MAX_AGE_SECONDS', DEFAULT_SNAPSHOT_MAX_AGE_SECONDS, 0, 86_400) * 1000,
    snapshotRebuildChanges: readInteger(read, 'SNAPSHOT_REBUILD_CHANGES', DEFAULT_SNAPSHOT_REBUILD_CHANGES, 1, 1_000_000),
    shutdownGraceMs: readInteger(read, 'SHUTDOWN_GRACE_SECONDS', 10, 1, 3_600) * 1000,
    webDistDir: path.resolve(cwd, read('WEB_DIST_DIR') ?? defaultWebDistDir()),
    logLevel: readChoice(read, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    requestLogSample: readDecimal(read, 'REQUEST_LOG_SAMPLE', 1, 0, 1),
    metricsPort: readMetricsPort(read),
    retention: readRetention(read),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function readRetention(read: Reader): RetentionConfig {
  const writeAnswerDays = readInteger(read, 'WRITE_ANSWER_RETENTION_DAYS', 30, 1, 3650);
  const writeKeyDays = readInteger(read, 'WRITE_KEY_RETENTION_DAYS', 400, 60, 36500);
  // The answer goes first: a key forgotten while its whole answer is kept would be a window that does nothing.
  if (writeKeyDays <= writeAnswerDays) {
    throw new ConfigError('WRITE_KEY_RETENTION_DAYS', `must be more than WRITE_ANSWER_RETENTION_DAYS (${writeAnswerDays})`);
  }
  return {
    sweepIntervalMs: readInteger(read, 'RETENTION_SWEEP_MINUTES', 60, 0, 10_080) * 60 * 1000,
    writeAnswerMs: writeAnswerDays * DAY_MS,
    writeKeyMs: writeKeyDays * DAY_MS,
    importRunRowsMs: readInteger(read, 'IMPORT_RUN_ROWS_RETENTION_DAYS', 90, 1, 36500) * DAY_MS,
    tombstoneMs: readInteger(read, 'TOMBSTONE_RETENTION_DAYS', 180, 1, 36500) * DAY_MS,
  };
}

/** A variable's value, trimmed; empty counts as unset. */
function readerOf(env: Env): Reader {
  return (name) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
}

/** The file name of the SQLite database inside DATA_DIR (a restore puts its backup there under it). */
export const SQLITE_FILE_NAME = 'allstall.sqlite';

/**
 * Where the data lives, as the server would find it, without creating anything: the backup command
 * reads this alone, so a mistyped DATA_DIR is reported as a missing database, not made empty.
 */
export function readDatabaseConfig(env: Env = process.env, cwd: string = process.cwd()): { dataDir: string; database: DatabaseConfig } {
  const read = readerOf(env);
  const dataDir = path.resolve(cwd, read('DATA_DIR') ?? './data');
  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'only postgres:// or postgresql:// URLs are supported; leave it unset for SQLite.');
  }
  return {
    dataDir,
    database: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'sqlite', file: path.join(dataDir, SQLITE_FILE_NAME) },
  };
}

/** `web/dist` beside this package, found from this file so it works from `src/` and from `dist/`. */
function defaultWebDistDir(): string {
  return fileURLToPath(new URL('../../web/dist', import.meta.url));
}

type Reader = (name: string) => string | undefined;

function readInteger(read: Reader, name: string, fallback: number, min: number, max: number): number {
  const raw = read(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got '${raw}'.`);
  }
  return value;
}

/** METRICS_PORT: off when unset; 0 takes any free port (tests); never the app's own PORT. */
function readMetricsPort(read: Reader): number | null {
  if (read('METRICS_PORT') === undefined) return null;
  const metricsPort = readInteger(read, 'METRICS_PORT', 0, 0, 65535);
  const port = readInteger(read, 'PORT', 3000, 0, 65535);
  if (metricsPort !== 0 && metricsPort === port) {
    throw new ConfigError('METRICS_PORT', `must differ from PORT (${port}): metrics are served apart from the app, never on its public port.`);
  }
  return metricsPort;
}

function readDecimal(read: Reader, name: string, fallback: number, min: number, max: number): number {
  const raw = read(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value < min || value > max) {
    throw new ConfigError(name, `expected a number from ${min} to ${max}, got '${raw}'.`);
  }
  return value;
}

function readBoolean(read: Reader, name: string, fallback: boolean): boolean {
  const raw = read(name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `expected 1/0, true/false, yes/no or on/off, got '${raw}'.`);
}

function readChoice<T extends string>(read: Reader, name: string, choices: readonly T[], fallback: T): T {
  const raw = read(name)?.toLowerCase();
  if (raw === undefined) return fallback;
  const choice = choices.find((candidate) => candidate === raw);
  if (choice === undefined) throw new ConfigError(name, `expected one of ${choices.join(', ')}, got '${raw}'.`);
  return choice;
}

function readUrl(read: Reader, name: string, fallback: string): string {
  const raw = read(name) ?? fallback;
  // Tile URLs carry {z}/{x}/{y} placeholders, which URL() accepts once braces are escaped.
  if (!URL.canParse(raw.replace(/[{}]/g, '')) || !/^https?:\/\//.test(raw)) {
    throw new ConfigError(name, `expected an http(s) URL, got '${raw}'.`);
  }
  return raw.replace(/\/+$/, '');
}

/**
 * MAP_PACK_FILE or MAP_PACK_URL, never both: which one the device would get would be a guess. The
 * file itself is opened and checked as the app starts (api/src/plugins/map-pack.ts), where reading
 * the remote archive's header also happens, so both are checked the same way.
 */
function readMapPack(read: Reader, cwd: string): MapPackSource | null {
  const file = read('MAP_PACK_FILE');
  const url = read('MAP_PACK_URL');
  if (file !== undefined && url !== undefined) {
    throw new ConfigError('MAP_PACK_FILE', 'set MAP_PACK_FILE or MAP_PACK_URL, not both: the api serves the one, the device reads the other directly.');
  }
  if (file !== undefined) return { kind: 'file', file: path.resolve(cwd, file) };
  if (url === undefined) return null;
  // Not readUrl: a pack's URL keeps its query (a signed URL needs it) and has no placeholders.
  if (!/^https?:\/\//.test(url) || !URL.canParse(url)) throw new ConfigError('MAP_PACK_URL', `expected an http(s) URL of a PMTiles archive, got '${url}'.`);
  const parsed = new URL(url);
  if (parsed.username !== '' || parsed.password !== '') {
    throw new ConfigError('MAP_PACK_URL', 'a user name or password in the URL would be sent to every device; use a signed URL or a public one.');
  }
  return { kind: 'url', url: parsed.href };
}

function readTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined) return false;
  const lowered = raw.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lowered)) return true;
  if (['0', 'false', 'no', 'off'].includes(lowered)) return false;
  // Fastify reads a number as a hop count and text as a comma-separated list of trusted addresses.
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

function readAdmin(read: Reader): AppConfig['admin'] {
  const username = read('ADMIN_USERNAME') ?? 'admin';
  const usernameIssue = usernameProblem(username);
  if (usernameIssue !== null) throw new ConfigError('ADMIN_USERNAME', usernameIssue);
  // Composed like every password that arrives in a request body, so the one typed at login matches.
  const password = read('ADMIN_PASSWORD')?.normalize('NFC') ?? null;
  const passwordIssue = password === null ? null : newPasswordProblem(password, username);
  if (passwordIssue !== null) throw new ConfigError('ADMIN_PASSWORD', passwordIssue);
  return { username, password };
}

/** The given secret, else the one kept in DATA_DIR, else a fresh one written there for next time. */
function readSessionSecret(given: string | undefined, dataDir: string): string {
  if (given !== undefined) {
    if (given.length < SESSION_SECRET_MIN_LENGTH) {
      throw new ConfigError('SESSION_SECRET', `use at least ${SESSION_SECRET_MIN_LENGTH} characters.`);
    }
    return given;
  }
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= SESSION_SECRET_MIN_LENGTH) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = randomBytes(32).toString('hex');
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  return generated;
}
