import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/*
 * The common part of the fake geocoder and Overpass servers: a node:http server on 127.0.0.1 that
 * records every request, answers through the fake's own handler, and can be told to fail the ways
 * real services do. Plain Node, no test framework, so the api tests and the web e2e tests share it.
 */

/** How a fake can misbehave: answer 500, never answer, drop the connection, or answer 200 with text that is not JSON. */
type FakeFailure = 'error' | 'hang' | 'close' | 'malformed';

export interface RecordedRequest {
  method: string;
  /** The path without the query string: `/api`, `/reverse`, `/api/interpreter`. */
  path: string;
  query: URLSearchParams;
  /** The raw body; Overpass gets `data=<query>` form-encoded. */
  body: string;
  headers: IncomingHttpHeaders;
}

export interface FakeAnswer {
  status: number;
  json: unknown;
  /** Headers beyond the JSON content type (Refuge sends its paging this way). */
  headers?: Record<string, string>;
}

export interface FakeService {
  /** The base URL to configure the app with (`GEOCODER_URL`, `OVERPASS_URL`), without a trailing slash. */
  url: string;
  /** Every request that reached the server, oldest first. */
  requests: RecordedRequest[];
  /** Requests whose path is `path`. */
  requestsTo(path: string): RecordedRequest[];
  /** Misbehave this way for every request from now until `recover()`. */
  fail(failure: FakeFailure): void;
  /** Answer every request from now until `recover()` with this body and status, whatever was asked. */
  respondWith(json: unknown, status?: number): void;
  /** Back to answering from the fake's places. */
  recover(): void;
  /** Forget the recorded requests. */
  clearRequests(): void;
  stop(): Promise<void>;
}

/** Starts a fake whose `answer` turns a request into a JSON answer (or, to hold a request back, a promise of one). */
export async function startFakeService(answer: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>): Promise<FakeService> {
  let failure: FakeFailure | null = null;
  let canned: FakeAnswer | null = null;
  const requests: RecordedRequest[] = [];

  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: Buffer.concat(chunks).toString('utf8'),
        headers: incoming.headers,
      };
      requests.push(request);
      if (failure === 'hang') return;
      if (failure === 'close') {
        incoming.socket.destroy();
        return;
      }
      if (failure === 'malformed') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('<html>Bad Gateway</html>');
        return;
      }
      if (failure === 'error') {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      }
      void Promise.resolve(canned ?? answer(request)).then(({ status, json, headers = {} }) => {
        // A held request the client gave up on has nowhere to go.
        if (response.destroyed) return;
        response.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(json));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the fake service has no address');

  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    requestsTo: (path) => requests.filter((request) => request.path === path),
    fail(next) {
      failure = next;
    },
    respondWith(json, status = 200) {
      canned = { status, json };
    },
    recover() {
      failure = null;
      canned = null;
    },
    clearRequests() {
      requests.length = 0;
    },
    stop() {
      // A hanging request would otherwise keep close() waiting for ever.
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
