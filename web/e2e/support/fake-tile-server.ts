import { createServer, type Server } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

/*
 * A stand-in for tile.openstreetmap.org on 127.0.0.1: answers `/{z}/{x}/{y}.png` with a real 256×256
 * PNG and the CORS header the real server sends, and counts what it served, so a test can tell a
 * tile drawn from the service worker's cache from one fetched again.
 */

export interface FakeTileServer {
  /** The `TILE_URL` template to configure the app with. */
  template: string;
  /** How many tile requests reached this server. */
  served(): number;
  /** Calls `listener` as each tile request arrives, before it is answered. */
  onRequest(listener: (path: string) => void): void;
  stop(): Promise<void>;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A pale tile with a darker border, so tiles that drew are visible in a screenshot. */
function tilePng(size = 256): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const edge = x === 0 || y === 0;
      row.set(edge ? [200, 205, 220] : [236, 240, 246], 1 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

export interface FakeTileServerOptions {
  /**
   * The `Cache-Control` of every tile. `no-store` keeps tiles out of the browser's HTTP cache, so a
   * tile can only be drawn offline from the app's own tile cache.
   */
  cacheControl?: string;
}

export async function startFakeTileServer({ cacheControl = 'max-age=86400' }: FakeTileServerOptions = {}): Promise<FakeTileServer> {
  const png = tilePng();
  let served = 0;
  const listeners: Array<(path: string) => void> = [];
  const server: Server = createServer((request, response) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    served++;
    for (const listener of listeners) listener(request.url ?? '');
    response.writeHead(200, {
      'content-type': 'image/png',
      'content-length': png.length,
      'access-control-allow-origin': '*',
      'cache-control': cacheControl,
    });
    response.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('tile server has no address');
  return {
    template: `http://127.0.0.1:${address.port}/{z}/{x}/{y}.png`,
    served: () => served,
    onRequest: (listener) => void listeners.push(listener),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
