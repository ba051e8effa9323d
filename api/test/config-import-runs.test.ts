import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

/* The import-run settings (IMPORT_*): polite by default, every bad value refused by name. */

const dataDirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'allstall-config-'));
  dataDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

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
