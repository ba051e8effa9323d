import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { temporaryDirs } from '../support/temporary-dirs.js';

const freshDir = temporaryDirs('allstall-config-');

describe('loadConfig', () => {
  it('has safe defaults: SQLite in DATA_DIR, demo data on, insecure cookies outside production', () => {
    const cwd = freshDir();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.join(cwd, 'data'),
      database: { kind: 'sqlite', file: path.join(cwd, 'data', 'allstall.sqlite') },
      cookieSecure: 'auto',
      trustProxy: false,
      admin: { username: 'admin', password: null },
      demoData: true,
      migrateOnStart: true,
      authorName: 'the allstall team',
      geocoder: { kind: 'photon', url: 'https://photon.komoot.io' },
      geocoderTimeoutMs: 8000,
      snapshotMaxAgeMs: 3_600_000,
      snapshotRebuildChanges: 2_000,
      shutdownGraceMs: 10_000,
      logLevel: 'info',
      requestLogSample: 1,
      metricsPort: null,
    });
    expect(config.webDistDir.endsWith(path.join('web', 'dist'))).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }, cwd).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: '0' }, cwd).cookieSecure).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: 'on' }, cwd).cookieSecure).toBe(true);
  });

  it('asks admins for a second factor (ADMIN_REQUIRE_2FA) only when set, in production too until the web app can enrol them, and takes the setting either way', () => {
    const cwd = freshDir();
    expect(loadConfig({}, cwd).adminRequireSecondFactor).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }, cwd).adminRequireSecondFactor).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_REQUIRE_2FA: '1' }, cwd).adminRequireSecondFactor).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_REQUIRE_2FA: '0' }, cwd).adminRequireSecondFactor).toBe(false);
    expect(loadConfig({ ADMIN_REQUIRE_2FA: '1' }, cwd).adminRequireSecondFactor).toBe(true);
    expect(() => loadConfig({ ADMIN_REQUIRE_2FA: 'sometimes' }, cwd)).toThrow(/ADMIN_REQUIRE_2FA/);
  });

  it('reads the first-sync snapshot’s maximum age in seconds, 0 meaning always the newest, and the changes that rebuild it sooner', () => {
    const cwd = freshDir();
    expect(loadConfig({ SNAPSHOT_MAX_AGE_SECONDS: '300' }, cwd).snapshotMaxAgeMs).toBe(300_000);
    expect(loadConfig({ SNAPSHOT_MAX_AGE_SECONDS: '0' }, cwd).snapshotMaxAgeMs).toBe(0);
    expect(loadConfig({ SNAPSHOT_REBUILD_CHANGES: '500' }, cwd).snapshotRebuildChanges).toBe(500);
  });

  it('serves metrics only when METRICS_PORT is set, and samples the request log at REQUEST_LOG_SAMPLE', () => {
    const cwd = freshDir();
    expect(loadConfig({ METRICS_PORT: '9464' }, cwd).metricsPort).toBe(9464);
    expect(loadConfig({ METRICS_PORT: '0' }, cwd).metricsPort).toBe(0);
    expect(loadConfig({ METRICS_PORT: '' }, cwd).metricsPort).toBeNull();
    expect(loadConfig({ REQUEST_LOG_SAMPLE: '0.05' }, cwd).requestLogSample).toBe(0.05);
    expect(loadConfig({ REQUEST_LOG_SAMPLE: '0' }, cwd).requestLogSample).toBe(0);
  });

  it('reads the shutdown grace in seconds', () => {
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '30' }, freshDir()).shutdownGraceMs).toBe(30_000);
  });

  it('reads the retention windows in days and the sweep interval in minutes, 0 never sweeping', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(loadConfig({}, freshDir()).retention).toEqual({
      sweepIntervalMs: 60 * 60 * 1000,
      writeAnswerMs: 30 * day,
      writeKeyMs: 400 * day,
      importRunRowsMs: 90 * day,
      tombstoneMs: 180 * day,
    });
    const set = { RETENTION_SWEEP_MINUTES: '0', WRITE_ANSWER_RETENTION_DAYS: '7', WRITE_KEY_RETENTION_DAYS: '90', IMPORT_RUN_ROWS_RETENTION_DAYS: '1', TOMBSTONE_RETENTION_DAYS: '365' };
    expect(loadConfig(set, freshDir()).retention).toEqual({ sweepIntervalMs: 0, writeAnswerMs: 7 * day, writeKeyMs: 90 * day, importRunRowsMs: day, tombstoneMs: 365 * day });
    // A key forgotten while its whole answer is still kept would make the answer window do nothing.
    expect(() => loadConfig({ WRITE_ANSWER_RETENTION_DAYS: '100', WRITE_KEY_RETENTION_DAYS: '90' }, freshDir())).toThrow(
      'WRITE_KEY_RETENTION_DAYS: must be more than WRITE_ANSWER_RETENTION_DAYS (100)',
    );
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dataDir = freshDir();
    const first = loadConfig({ DATA_DIR: dataDir }, dataDir);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(64);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first.sessionSecret);
    expect(loadConfig({ DATA_DIR: dataDir }, dataDir).sessionSecret).toBe(first.sessionSecret);
  });

  it('switches to PostgreSQL for a postgres:// DATABASE_URL', () => {
    const dir = freshDir();
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/allstall' }, dir).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@localhost/allstall',
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DEMO_DATA', 'maybe'],
    ['DATABASE_URL', 'mysql://localhost/allstall'],
    ['SESSION_SECRET', 'too-short'],
    ['ADMIN_PASSWORD', 'short'],
    ['GEOCODER', 'google'],
    ['GEOCODER_TIMEOUT_MS', 'soon'],
    ['SNAPSHOT_MAX_AGE_SECONDS', '-1'],
    ['SNAPSHOT_MAX_AGE_SECONDS', 'a minute'],
    ['SNAPSHOT_REBUILD_CHANGES', '0'],
    ['SNAPSHOT_REBUILD_CHANGES', 'many'],
    ['SHUTDOWN_GRACE_SECONDS', '0'],
    ['SHUTDOWN_GRACE_SECONDS', '10s'],
    ['TILE_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['METRICS_PORT', 'ninety'],
    ['METRICS_PORT', '65536'],
    ['METRICS_PORT', '3000'],
    ['REQUEST_LOG_SAMPLE', '2'],
    ['REQUEST_LOG_SAMPLE', 'half'],
    ['RETENTION_SWEEP_MINUTES', 'hourly'],
    ['WRITE_ANSWER_RETENTION_DAYS', '0'],
    ['WRITE_KEY_RETENTION_DAYS', '30'],
    ['TOMBSTONE_RETENTION_DAYS', '0'],
    ['IMPORT_RUN_ROWS_RETENTION_DAYS', 'a season'],
  ])('names %s when its value (%s) is unusable', (variable, value) => {
    const dir = freshDir();
    let thrown: unknown;
    try {
      loadConfig({ [variable]: value }, dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).variable).toBe(variable);
    expect((thrown as ConfigError).message.startsWith(`${variable}: `)).toBe(true);
  });
});
