import { copyFileSync, mkdtempSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MapPack } from '@allstall/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../support/helpers.js';
import { makePackBytes, writePackFile } from '../support/map-pack-archive.js';

/*
 * GET /map-pack/VERSION.pmtiles (docs/map-pack.md#serving): the MAP_PACK_FILE, whole or by byte
 * range, with a strong ETag the conditional requests a resumable download makes are answered on.
 */

const packDir = mkdtempSync(path.join(tmpdir(), 'allstall-pack-'));
afterAll(() => rmSync(packDir, { recursive: true, force: true }));
const packFile = writePackFile(packDir);
const packBytes = readFileSync(packFile);
const SIZE = packBytes.length;

const testApp = useTestApp({ MAP_PACK_FILE: packFile });

async function offered(app = testApp().app): Promise<MapPack> {
  const pack = (await app.inject({ method: 'GET', url: '/api/config' })).json<{ map_pack: MapPack }>().map_pack;
  expect(pack).not.toBeNull();
  return pack;
}

async function getPack(headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  const { url } = await offered();
  return testApp().app.inject({ method, url, headers });
}

describe('the whole pack', () => {
  it('is served at the URL /api/config gives, with the headers a resumable download relies on', async () => {
    const { url, bytes, version } = await offered();
    expect(url).toBe(`/map-pack/${version}.pmtiles`);
    expect(bytes).toBe(SIZE);
    const response = await getPack({ 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(packBytes)).toBe(true);
    expect(response.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-length': String(SIZE),
      'content-type': 'application/vnd.pmtiles',
      'cache-control': 'public, max-age=31536000, immutable, no-transform',
    });
    // Strong (no W/) and quoted.
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{20}"$/);
    // Never compressed: the ranges count the file's own bytes.
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD with the same headers and no body', async () => {
    const response = await getPack({ range: 'bytes=0-9' }, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(SIZE));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.rawPayload.length).toBe(0);
  });

  it('is not found under any other name: an older version, or no version', async () => {
    for (const url of ['/map-pack/2020-01-01-000000000000.pmtiles', '/map-pack/region.pmtiles', '/map-pack/']) {
      const response = await testApp().app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('byte ranges', () => {
  it('answers a range with 206, its Content-Range and exactly its bytes', async () => {
    const response = await getPack({ range: 'bytes=0-126' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-126/${SIZE}`);
    expect(response.headers['content-length']).toBe('127');
    expect(response.rawPayload.equals(packBytes.subarray(0, 127))).toBe(true);
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{20}"$/);
  });

  it('reads open-ended, suffix and overlong ranges as RFC 9110 says', async () => {
    const cases: Array<[string, number, number]> = [
      [`bytes=${SIZE - 10}-`, SIZE - 10, SIZE - 1],
      ['bytes=-5', SIZE - 5, SIZE - 1],
      [`bytes=-${SIZE + 100}`, 0, SIZE - 1],
      [`bytes=100-${SIZE + 5000}`, 100, SIZE - 1],
      [`bytes=${SIZE - 1}-${SIZE - 1}`, SIZE - 1, SIZE - 1],
      ['BYTES = 3-4'.replace(' = ', '='), 3, 4],
    ];
    for (const [range, start, end] of cases) {
      const response = await getPack({ range });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range'], range).toBe(`bytes ${start}-${end}/${SIZE}`);
      expect(response.rawPayload.equals(packBytes.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers a range that starts past the end with 416 and the size in Content-Range', async () => {
    for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE + 10}-${SIZE + 20}`, 'bytes=-0']) {
      const response = await getPack({ range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range'], range).toBe(`bytes */${SIZE}`);
      expect(response.rawPayload.length, range).toBe(0);
    }
  });

  it('answers an unreadable bytes range with 400 naming the Range header, never a 500', async () => {
    for (const range of ['bytes=abc', 'bytes=10-5', 'bytes=', 'bytes=1-2-3', 'nonsense']) {
      const response = await getPack({ range });
      expect(response.statusCode, range).toBe(400);
      expect(response.json(), range).toMatchObject({ code: 'request.invalid', field: 'Range' });
      expect(response.json().message, range).toContain('bytes=FIRST-LAST');
      expect(String(response.headers['cache-control'] ?? ''), range).not.toContain('immutable');
    }
  });

  it('sends the whole for a unit other than bytes, or several ranges at once', async () => {
    for (const range of ['items=0-5', 'bytes=0-1, 5-6']) {
      const response = await getPack({ range });
      expect(response.statusCode, range).toBe(200);
      expect(response.rawPayload.length, range).toBe(SIZE);
    }
  });
});

describe('conditional requests', () => {
  it('answers If-None-Match naming the current ETag (or *) with 304 and no body', async () => {
    const { headers } = await getPack();
    const etag = String(headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await getPack({ 'if-none-match': ifNoneMatch, range: 'bytes=0-9' });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.headers.etag, ifNoneMatch).toBe(etag);
      expect(response.headers['cache-control'], ifNoneMatch).toContain('immutable');
      expect(response.rawPayload.length, ifNoneMatch).toBe(0);
    }
    expect((await getPack({ 'if-none-match': '"another-pack"' })).statusCode).toBe(200);
  });

  it('honours a Range under If-Range only when it names the current strong ETag', async () => {
    const etag = String((await getPack()).headers.etag);
    const resumed = await getPack({ range: 'bytes=100-', 'if-range': etag });
    expect(resumed.statusCode).toBe(206);
    expect(resumed.rawPayload.equals(packBytes.subarray(100))).toBe(true);
    // Another pack's tag, our tag made weak, or a date: the whole anew, never a splice of two packs.
    for (const ifRange of ['"another-pack"', `W/${etag}`, 'Sat, 01 Jun 2024 10:00:00 GMT']) {
      const response = await getPack({ range: 'bytes=100-', 'if-range': ifRange });
      expect(response.statusCode, ifRange).toBe(200);
      expect(response.rawPayload.equals(packBytes), ifRange).toBe(true);
    }
  });
});

describe('the ETag and the version', () => {
  it('are the same for a copy of the pack on another server, whatever its modification time', async () => {
    const otherDir = mkdtempSync(path.join(tmpdir(), 'allstall-pack-copy-'));
    try {
      const copy = path.join(otherDir, 'copy.pmtiles');
      copyFileSync(packFile, copy);
      utimesSync(copy, new Date('2021-01-01'), new Date('2021-01-01'));
      const other = await createTestApp({ MAP_PACK_FILE: copy });
      try {
        expect((await offered(other.app)).version).toBe((await offered()).version);
        const otherEtag = (await other.app.inject({ method: 'GET', url: (await offered(other.app)).url })).headers.etag;
        expect(otherEtag).toBe((await getPack()).headers.etag);
      } finally {
        await other.close();
      }
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('change with the pack: another region of the same build is another version', async () => {
    const otherDir = mkdtempSync(path.join(tmpdir(), 'allstall-pack-other-'));
    try {
      const other = await createTestApp({ MAP_PACK_FILE: writePackFile(otherDir, 'region.pmtiles', { maxZoom: 14 }) });
      try {
        const [mine, theirs] = [await offered(), await offered(other.app)];
        expect(theirs.version).not.toBe(mine.version);
        // The data version is the same build's: only the content tag tells them apart.
        expect(theirs.version.slice(0, 20)).toBe(mine.version.slice(0, 20));
      } finally {
        await other.close();
      }
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

describe('a pack file replaced while the api runs', () => {
  it('keeps serving the pack it opened when a new file is moved into place', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'allstall-pack-moved-'));
    const file = writePackFile(dir);
    const served = await createTestApp({ MAP_PACK_FILE: file });
    try {
      const { url } = await offered(served.app);
      const replacement = path.join(dir, 'new.pmtiles');
      writeFileSync(replacement, makePackBytes({ maxZoom: 12 }));
      renameSync(replacement, file);
      const response = await served.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(packBytes)).toBe(true);
    } finally {
      await served.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops serving one written over in place, whose bytes may no longer be those its ETag names', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'allstall-pack-overwritten-'));
    const file = writePackFile(dir);
    const served = await createTestApp({ MAP_PACK_FILE: file });
    try {
      const { url } = await offered(served.app);
      writeFileSync(file, makePackBytes({ maxZoom: 12 }));
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      const response = await served.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'storage.unavailableRead' });
    } finally {
      await served.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a download stopped half-way', () => {
  it('leaves the pack served to the next request, as a device pausing and resuming its download needs', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'allstall-pack-'));
    const served = await createTestApp({ MAP_PACK_FILE: writePackFile(dir, 'region.pmtiles', { paddingBytes: 4_000_000 }) });
    try {
      const origin = await served.app.listen({ port: 0, host: '127.0.0.1' });
      const { url } = await offered(served.app);
      const stop = new AbortController();
      const whole = await fetch(origin + url, { signal: stop.signal });
      const reader = whole.body!.getReader();
      let received = 0;
      while (received < 100_000) received += (await reader.read()).value!.length;
      stop.abort();
      await reader.closed.catch(() => undefined);

      for (const from of [received, 10]) {
        const rest = await fetch(origin + url, { headers: { range: `bytes=${from}-`, 'if-range': whole.headers.get('etag')! } });
        expect(rest.status).toBe(206);
        expect((await rest.arrayBuffer()).byteLength).toBe(Number(whole.headers.get('content-length')) - from);
      }
    } finally {
      await served.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
