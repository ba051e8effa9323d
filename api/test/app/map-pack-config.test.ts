import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { MapPack } from '@allstall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_CONDITION } from '../../../build/source-condition.mjs';
import { ConfigError, loadConfig } from '../../src/config.js';
import { startFakePackServer, type FakePackServer } from '../fakes/fake-pack-server.js';
import { createTestApp, type TestEnv } from '../support/helpers.js';
import { makePackBytes, PACK_BOUNDS, writePackFile } from '../support/map-pack-archive.js';
import { temporaryDirs } from '../support/temporary-dirs.js';

/*
 * MAP_PACK_FILE and MAP_PACK_URL: what /api/config says of the pack, the Content-Security-Policy,
 * and a pack that cannot be offered stopping the start with a message naming the variable.
 */

const freshDir = temporaryDirs('allstall-map-pack-');

/** The map pack /api/config offers on an app built with `env`; the app is closed afterwards. */
async function offeredWith(env: TestEnv): Promise<{ pack: MapPack | null; connectSrc: string[]; imgSrc: string[] }> {
  const testApp = await createTestApp(env);
  try {
    const config = await testApp.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.statusCode).toBe(200);
    // The policy as documents get it (/api answers leave it off); /api without the slash is not under /api/.
    const page = await testApp.app.inject({ method: 'GET', url: '/nothing-here.js' });
    const policy = String(page.headers['content-security-policy']);
    const directive = (name: string) => (new RegExp(`${name} ([^;]*)`).exec(policy)?.[1] ?? '').split(' ');
    return { pack: config.json<{ map_pack: MapPack | null }>().map_pack, connectSrc: directive('connect-src'), imgSrc: directive('img-src') };
  } finally {
    await testApp.close();
  }
}

/** The ConfigError an app built with `env` fails to start with. */
async function startFailure(env: TestEnv, options: { mapPackUrlTimeoutMs?: number } = {}): Promise<ConfigError> {
  const failure = await createTestApp(env, options).then(
    async (testApp) => {
      await testApp.close();
      return null;
    },
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ConfigError);
  return failure as ConfigError;
}

describe('the settings', () => {
  it('offer no pack when neither variable is set, as before', async () => {
    expect(loadConfig({}, freshDir()).mapPack).toBeNull();
    const { pack, connectSrc } = await offeredWith({});
    expect(pack).toBeNull();
    expect(connectSrc).toEqual(["'self'", 'https://tile.openstreetmap.org']);
  });

  it('take MAP_PACK_FILE relative to the working directory, and MAP_PACK_URL as an http(s) URL', () => {
    const cwd = freshDir();
    expect(loadConfig({ MAP_PACK_FILE: 'packs/region.pmtiles' }, cwd).mapPack).toEqual({ kind: 'file', file: path.join(cwd, 'packs', 'region.pmtiles') });
    expect(loadConfig({ MAP_PACK_URL: 'https://cdn.example.org/packs/mn.pmtiles?sig=abc' }, cwd).mapPack).toEqual({
      kind: 'url',
      url: 'https://cdn.example.org/packs/mn.pmtiles?sig=abc',
    });
  });

  it('refuse both at once, and a MAP_PACK_URL that is not an http(s) URL or carries a password', () => {
    const cwd = freshDir();
    expect(() => loadConfig({ MAP_PACK_FILE: 'a.pmtiles', MAP_PACK_URL: 'https://cdn.example.org/a.pmtiles' }, cwd)).toThrow(
      new ConfigError('MAP_PACK_FILE', 'set MAP_PACK_FILE or MAP_PACK_URL, not both: the api serves the one, the device reads the other directly.'),
    );
    expect(() => loadConfig({ MAP_PACK_URL: 'ftp://cdn.example.org/a.pmtiles' }, cwd)).toThrow(/^MAP_PACK_URL: expected an http\(s\) URL/);
    expect(() => loadConfig({ MAP_PACK_URL: 'region.pmtiles' }, cwd)).toThrow(/^MAP_PACK_URL: expected an http\(s\) URL/);
    expect(() => loadConfig({ MAP_PACK_URL: 'https://user:secret@cdn.example.org/a.pmtiles' }, cwd)).toThrow(/^MAP_PACK_URL: a user name or password/);
  });
});

describe('MAP_PACK_FILE', () => {
  it('is described in /api/config: its URL, size, bounds, zooms, kind, version and plain-text credit', async () => {
    const file = writePackFile(freshDir());
    const { pack, connectSrc, imgSrc } = await offeredWith({ MAP_PACK_FILE: file });
    expect(pack).toEqual({
      url: expect.stringMatching(/^\/map-pack\/2025-06-01T20-21-52Z-[0-9a-f]{12}\.pmtiles$/),
      bytes: makePackBytes().length,
      bounds: PACK_BOUNDS,
      min_zoom: 0,
      max_zoom: 15,
      kind: 'vector',
      tile_type: 'mvt',
      version: expect.stringMatching(/^2025-06-01T20-21-52Z-[0-9a-f]{12}$/),
      attribution: 'Protomaps © OpenStreetMap',
    });
    expect(pack!.url).toBe(`/map-pack/${pack!.version}.pmtiles`);
    // Served from our own origin: the policy stays as it was.
    expect(connectSrc).toEqual(["'self'", 'https://tile.openstreetmap.org']);
    expect(imgSrc).not.toContain('http://127.0.0.1');
  });

  it('describes a raster pack, and one whose metadata is stored uncompressed and names no version', async () => {
    const raster = writePackFile(freshDir(), 'raster.pmtiles', { tileType: 'png', internalCompression: 'none', metadata: { name: 'Scans' } });
    const { pack } = await offeredWith({ MAP_PACK_FILE: raster });
    expect(pack).toMatchObject({ kind: 'raster', tile_type: 'png', attribution: '© OpenStreetMap contributors', version: expect.stringMatching(/^[0-9a-f]{12}$/) });
  });

  it('stops the start, naming MAP_PACK_FILE, when the file is missing, unreadable or not a usable PMTiles v3 archive', async () => {
    const dir = freshDir();
    expect((await startFailure({ MAP_PACK_FILE: path.join(dir, 'missing.pmtiles') })).message).toBe(`MAP_PACK_FILE: cannot open '${path.join(dir, 'missing.pmtiles')}': no such file.`);
    mkdirSync(path.join(dir, 'a-directory'));
    expect((await startFailure({ MAP_PACK_FILE: path.join(dir, 'a-directory') })).message).toBe(`MAP_PACK_FILE: '${path.join(dir, 'a-directory')}' is not a file.`);

    const notPmtiles = path.join(dir, 'region.mbtiles');
    writeFileSync(notPmtiles, `SQLite format 3\0${'x'.repeat(500)}`);
    expect((await startFailure({ MAP_PACK_FILE: notPmtiles })).message).toBe('MAP_PACK_FILE: it is not a PMTiles archive (it does not start with "PMTiles").');

    const cutShort = path.join(dir, 'cut.pmtiles');
    const whole = makePackBytes();
    writeFileSync(cutShort, whole.subarray(0, whole.length - 5));
    expect((await startFailure({ MAP_PACK_FILE: cutShort })).message).toBe(
      `MAP_PACK_FILE: its tile data ends at byte ${whole.length}, beyond the archive's ${whole.length - 5} bytes: the file is cut short.`,
    );

    const brotli = writePackFile(dir, 'brotli.pmtiles', { internalCompression: 'brotli' });
    expect((await startFailure({ MAP_PACK_FILE: brotli })).message).toMatch(/^MAP_PACK_FILE: the pack cannot be used: its directories are compressed with brotli/);

    const badMetadata = writePackFile(dir, 'bad-metadata.pmtiles', { metadata: 'just a string' });
    expect((await startFailure({ MAP_PACK_FILE: badMetadata })).message).toBe('MAP_PACK_FILE: its metadata is not a JSON object.');
  });

  it('stops the real server at start with the words of every other setting', { timeout: 180_000 }, async () => {
    const missing = path.join(freshDir(), 'missing.pmtiles');
    const apiDir = fileURLToPath(new URL('../../', import.meta.url));
    const run = promisify(execFile)(process.execPath, [`--conditions=${SOURCE_CONDITION}`, '--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: freshDir(), MAP_PACK_FILE: missing, LOG_LEVEL: 'silent', PORT: '0' },
      timeout: 170_000,
    });
    const failure = await run.then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toBe(`allstall cannot start: MAP_PACK_FILE: cannot open '${missing}': no such file.\n`);
  });
});

describe('MAP_PACK_URL', () => {
  let remote: FakePackServer;
  let farPack: FakePackServer;
  beforeAll(async () => {
    remote = await startFakePackServer(makePackBytes());
    farPack = await startFakePackServer(makePackBytes({ metadataBeyondFirstRead: true }));
  });
  afterAll(async () => {
    await remote.stop();
    await farPack.stop();
  });

  it('is described from its first 16 KiB, read by one range request at start, with the version a served copy has', async () => {
    remote.requests.length = 0;
    const { pack } = await offeredWith({ MAP_PACK_URL: remote.url });
    expect(remote.requests.map((headers) => headers.range)).toEqual(['bytes=0-16383']);
    const served = await offeredWith({ MAP_PACK_FILE: writePackFile(freshDir()) });
    expect(pack).toEqual({ ...served.pack, url: remote.url });
  });

  it('reads the metadata by a second range when it lies beyond the first 16 KiB', async () => {
    farPack.requests.length = 0;
    const { pack } = await offeredWith({ MAP_PACK_URL: farPack.url });
    const bytes = makePackBytes({ metadataBeyondFirstRead: true });
    expect(pack).toMatchObject({ bytes: bytes.length, attribution: 'Protomaps © OpenStreetMap', version: expect.stringMatching(/^2025-06-01T20-21-52Z-/) });
    expect(farPack.requests.map((headers) => headers.range)).toEqual(['bytes=0-16383', expect.stringMatching(/^bytes=2\d{4}-\d+$/)]);
  });

  it('adds the pack’s origin to connect-src, and nowhere else', async () => {
    const { connectSrc, imgSrc } = await offeredWith({ MAP_PACK_URL: remote.url });
    expect(connectSrc).toEqual(["'self'", 'https://tile.openstreetmap.org', remote.origin]);
    expect(imgSrc).not.toContain(remote.origin);
    // Never the path or the query: a policy source is an origin.
    expect(connectSrc.join(' ')).not.toContain('/packs/');
  });

  it('stops the start, naming MAP_PACK_URL, when the server ignores ranges, has no pack, redirects, or never answers', async () => {
    try {
      remote.behave('no-ranges');
      expect((await startFailure({ MAP_PACK_URL: remote.url })).message).toMatch(/^MAP_PACK_URL: .* answered a range request with the whole file \(200, not 206\)/);
      remote.behave('not-found');
      expect((await startFailure({ MAP_PACK_URL: remote.url })).message).toBe(`MAP_PACK_URL: ${remote.url} answered HTTP 404 to a range request for bytes 0 to 16383.`);
      remote.behave('redirect');
      expect((await startFailure({ MAP_PACK_URL: remote.url })).message).toBe(
        `MAP_PACK_URL: ${remote.url} redirects (HTTP 302) to https://cdn.example.org/packs/region.pmtiles; set MAP_PACK_URL to that URL, whose origin the Content-Security-Policy can then allow.`,
      );
      remote.behave('hang');
      expect((await startFailure({ MAP_PACK_URL: remote.url }, { mapPackUrlTimeoutMs: 300 })).message).toBe(`MAP_PACK_URL: ${remote.url} did not answer within 0.3 s.`);
    } finally {
      remote.behave('ranges');
    }
  });

  it('stops the start, naming MAP_PACK_URL, when nothing listens there', async () => {
    const closed = await startFakePackServer(makePackBytes());
    await closed.stop();
    expect((await startFailure({ MAP_PACK_URL: closed.url })).message).toMatch(/^MAP_PACK_URL: http:\/\/127\.0\.0\.1:\d+\/packs\/region\.pmtiles could not be reached: .*ECONNREFUSED/);
  });
});
