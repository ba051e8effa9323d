import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/*
 * A stand-in for a CDN or object store holding a map pack (MAP_PACK_URL): a node:http server on
 * 127.0.0.1 answering byte ranges of the bytes it is given, or misbehaving the ways such servers
 * do. Plain Node, so the web's end-to-end tests can use it too.
 */

/** Answer ranges (206), ignore them (200 and everything), answer 404, redirect elsewhere, or never answer. */
type FakePackBehaviour = 'ranges' | 'no-ranges' | 'not-found' | 'redirect' | 'hang';

export interface FakePackServer {
  /** The pack's URL: http://127.0.0.1:PORT/packs/region.pmtiles. */
  url: string;
  origin: string;
  /** The headers of every request, oldest first. */
  requests: IncomingHttpHeaders[];
  behave: (behaviour: FakePackBehaviour) => void;
  stop: () => Promise<void>;
}

export async function startFakePackServer(bytes: Uint8Array): Promise<FakePackServer> {
  let behaviour: FakePackBehaviour = 'ranges';
  const requests: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.headers);
    if (behaviour === 'hang') return;
    if (behaviour === 'redirect') {
      response.writeHead(302, { location: 'https://cdn.example.org/packs/region.pmtiles' }).end();
      return;
    }
    if (behaviour === 'not-found' || request.url !== '/packs/region.pmtiles') {
      response.writeHead(404).end('Not Found');
      return;
    }
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
    if (behaviour === 'no-ranges' || range === null) {
      response.writeHead(200, { 'content-length': bytes.length }).end(bytes);
      return;
    }
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), bytes.length - 1);
    if (start >= bytes.length) {
      response.writeHead(416, { 'content-range': `bytes */${bytes.length}` }).end();
      return;
    }
    response.writeHead(206, { 'content-range': `bytes ${start}-${end}/${bytes.length}`, 'content-length': end - start + 1 }).end(bytes.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/packs/region.pmtiles`,
    origin,
    requests,
    behave: (next) => {
      behaviour = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
