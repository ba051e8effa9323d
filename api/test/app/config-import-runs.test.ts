import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { temporaryDirs } from '../support/temporary-dirs.js';

/* The import-run settings (IMPORT_*): polite by default, every bad value refused by name. */

const freshDir = temporaryDirs('allstall-config-');

describe('import run settings', () => {
  it('default to a second between requests, one-degree tiles and two minutes a request', () => {
    expect(loadConfig({}, freshDir()).importRun).toEqual({ requestIntervalMs: 1000, tileDegrees: 1, requestTimeoutMs: 120_000 });
  });

  it('read the interval, a decimal tile size and the timeout', () => {
    const config = loadConfig({ IMPORT_REQUEST_INTERVAL_MS: '0', IMPORT_OSM_TILE_DEGREES: '0.25', IMPORT_REQUEST_TIMEOUT_MS: '30000' }, freshDir());
    expect(config.importRun).toEqual({ requestIntervalMs: 0, tileDegrees: 0.25, requestTimeoutMs: 30_000 });
  });

  it.each([
    ['IMPORT_REQUEST_INTERVAL_MS', '-5'],
    ['IMPORT_REQUEST_INTERVAL_MS', 'a second'],
    ['IMPORT_OSM_TILE_DEGREES', '0'],
    ['IMPORT_OSM_TILE_DEGREES', '45'],
    ['IMPORT_OSM_TILE_DEGREES', 'one'],
    ['IMPORT_REQUEST_TIMEOUT_MS', '0'],
  ])('names %s when its value (%s) is unusable', (variable, value) => {
    let thrown: unknown;
    try {
      loadConfig({ [variable]: value }, freshDir());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).message.startsWith(`${variable}: `)).toBe(true);
  });
});
