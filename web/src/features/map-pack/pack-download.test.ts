// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentRangeStart, downloadPack, PackDownloadError, type PackFileAccess, type PackDownloadRequest } from './pack-download';

/*
 * The download against a server that answers ranges as the api's /map-pack/ route does
 * (docs/map-pack.md#serving): 206 for `bytes=N-` with If-Range naming its tag, 200 with the whole
 * file when the tag is another's. It can cut an answer short after some bytes, as a lost connection.
 */

interface PackServer {
  url: string;
  bytes: Buffer;
  etag: string;
  /** Every Range header asked for, null for none. */
  ranges: Array<string | null>;
  cutAfter: number | null;
  replace(bytes: Buffer, etag: string): void;
}

let server: Server;
let pack: PackServer;

function packBytes(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) % 251;
  return bytes;
}

beforeEach(async () => {
  server = createServer((request, response) => {
    if (request.url !== '/pack.pmtiles') {
      response.writeHead(404).end();
      return;
    }
    const range = request.headers.range ?? null;
    pack.ranges.push(range);
    const ifRange = request.headers['if-range'];
    const start = range !== null && (ifRange === undefined || ifRange === pack.etag) ? Number(/^bytes=(\d+)-$/.exec(range)?.[1]) : 0;
    const body = pack.bytes.subarray(start);
    const headers = { ETag: pack.etag, 'Content-Length': String(body.length), 'Accept-Ranges': 'bytes' };
    if (start > 0) response.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${pack.bytes.length - 1}/${pack.bytes.length}` });
    else response.writeHead(200, headers);
    if (pack.cutAfter === null) {
      response.end(body);
      return;
    }
    const cut = pack.cutAfter;
    pack.cutAfter = null;
    response.write(body.subarray(0, cut), () => response.socket?.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  pack = {
    url: `http://127.0.0.1:${port}/pack.pmtiles`,
    bytes: packBytes(300_000, 1),
    etag: '"v1"',
    ranges: [],
    cutAfter: null,
    replace(bytes, etag) {
      this.bytes = bytes;
      this.etag = etag;
    },
  };
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A file in memory, growing as a file on a disk does; `failAt` makes a write past it fail for space. */
function memoryFile(initial: Uint8Array = new Uint8Array(), failAt = Infinity): PackFileAccess & { bytes(): Buffer; flushes: number } {
  let data = Buffer.from(initial);
  const file = {
    flushes: 0,
    size: () => data.length,
    write(bytes: Uint8Array, at: number) {
      if (at + bytes.length > failAt) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      const grown = Buffer.alloc(Math.max(data.length, at + bytes.length));
      data.copy(grown);
      grown.set(bytes, at);
      data = grown;
    },
    truncate(size: number) {
      data = data.subarray(0, size);
    },
    flush() {
      file.flushes += 1;
    },
    bytes: () => data,
  };
  return file;
}

function request(file: PackFileAccess, etag: string | null, overrides: Partial<PackDownloadRequest> = {}) {
  const progress: number[] = [];
  const tags: Array<string | null> = [];
  const started: PackDownloadRequest = {
    url: pack.url,
    total: pack.bytes.length,
    file,
    etag,
    signal: new AbortController().signal,
    fetch: (input, init) => fetch(input, init),
    onProgress: (received) => progress.push(received),
    onEtag: (tag) => tags.push(tag),
    ...overrides,
  };
  return { started, progress, tags };
}

describe('saving the map pack', () => {
  it('writes the whole pack from the first byte, keeps its tag and ends its progress at the total', async () => {
    const file = memoryFile();
    const { started, progress, tags } = request(file, null);
    await expect(downloadPack(started)).resolves.toBe(pack.bytes.length);
    expect(file.bytes().equals(pack.bytes)).toBe(true);
    expect(pack.ranges).toEqual([null]);
    expect(tags).toEqual(['"v1"']);
    expect(progress.at(-1)).toBe(pack.bytes.length);
    expect(file.flushes).toBeGreaterThan(0);
  });

  it('keeps the bytes that came before a lost connection, and the next try asks for the rest from there', async () => {
    const file = memoryFile();
    pack.cutAfter = 120_000;
    const first = request(file, null);
    const failure = await downloadPack(first.started).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PackDownloadError);
    expect((failure as PackDownloadError).failure).toEqual({ reason: 'network' });
    expect(file.size()).toBe(120_000);

    const second = request(file, first.tags[0] ?? null);
    await downloadPack(second.started);
    expect(pack.ranges).toEqual([null, 'bytes=120000-']);
    expect(file.bytes().equals(pack.bytes)).toBe(true);
    expect(second.progress[0]).toBeGreaterThan(120_000);
  });

  it('starts over on the new bytes when the pack changed on the server since the saved part came', async () => {
    const file = memoryFile(pack.bytes.subarray(0, 100_000));
    pack.replace(packBytes(250_000, 7), '"v2"');
    const { started, tags } = request(file, '"v1"', { total: 250_000 });
    await downloadPack(started);
    expect(pack.ranges).toEqual(['bytes=100000-']);
    expect(tags).toEqual(['"v2"']);
    expect(file.bytes().equals(pack.bytes)).toBe(true);
  });

  it('starts over when the saved bytes have no tag to resume them with', async () => {
    const file = memoryFile(Buffer.alloc(50_000, 9));
    await downloadPack(request(file, null).started);
    expect(pack.ranges).toEqual([null]);
    expect(file.bytes().equals(pack.bytes)).toBe(true);
  });

  it('says there was no space when a write is refused for quota', async () => {
    const file = memoryFile(new Uint8Array(), 64_000);
    const failure = await downloadPack(request(file, null).started).catch((error: unknown) => error);
    expect((failure as PackDownloadError).failure).toEqual({ reason: 'space' });
  });

  it('stops when paused and keeps what was written, for a resume', async () => {
    const file = memoryFile();
    const pause = new AbortController();
    const { started } = request(file, null, {
      signal: pause.signal,
      onProgress: () => pause.abort(),
    });
    await expect(downloadPack(started)).rejects.toMatchObject({ name: 'AbortError' });
    expect(file.size()).toBeGreaterThan(0);
    expect(file.size()).toBeLessThan(pack.bytes.length);
  });

  it('says the pack is gone when the server no longer has it', async () => {
    const failure = await downloadPack(request(memoryFile(), null, { url: pack.url.replace('pack.pmtiles', 'old.pmtiles') }).started).catch((error: unknown) => error);
    expect((failure as PackDownloadError).failure).toEqual({ reason: 'gone', status: 404 });
  });

  it('reads where a range answer starts', () => {
    expect(contentRangeStart('bytes 100-199/1000')).toBe(100);
    expect(contentRangeStart('bytes 0-0/*')).toBe(0);
    expect(contentRangeStart('bytes */1000')).toBeNull();
    expect(contentRangeStart(null)).toBeNull();
  });
});
