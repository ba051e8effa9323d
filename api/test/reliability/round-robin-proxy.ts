import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A load balancer in front of several instances, as small as the rolling-restart test needs: each
 * request goes to the next instance in turn, over kept-alive connections; when an instance refuses
 * the connection or drops it before sending any byte of an answer (it is restarting), the request
 * goes to the next one, as nginx's `proxy_next_upstream error` and HAProxy's `retry-on conn-failure
 * empty-response` do. An answer that breaks off once begun is passed on broken: the client sees it.
 */

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
/** How long a request may go round the instances before the proxy answers 502: a ceiling for a hang. */
const RETRY_CEILING_MS = 60_000;

export interface RoundRobinProxy {
  readonly url: string;
  /** Tries that got no answer and were sent on to the next instance. */
  readonly retries: number;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(ports: readonly number[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  let turn = 0;
  let retries = 0;

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const giveUpAt = Date.now() + RETRY_CEILING_MS;
      const attempt = (failuresInARow: number) => {
        const port = ports[turn++ % ports.length];
        const upstream = httpRequest({ host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: endToEnd(incoming.headers), agent });
        let answered = false;
        upstream.on('response', (answer) => {
          answered = true;
          outgoing.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
          answer.pipe(outgoing);
          answer.on('close', () => {
            if (!answer.complete) outgoing.destroy();
          });
        });
        upstream.on('error', () => {
          if (answered) return outgoing.destroy();
          retries++;
          if (Date.now() > giveUpAt) return outgoing.writeHead(502).end();
          // Every instance refused in turn: wait a little before the next round, as a balancer's backoff.
          const wait = failuresInARow + 1 >= ports.length ? 20 : 0;
          setTimeout(() => attempt(failuresInARow + 1), wait);
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get retries() {
      return retries;
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}
