import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackProxy {
  /** Open the app here, not at the server's own address. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Sends one answer's body on to the device; its status and headers have gone on already, as the
 * server sent them. `answer.pipe(outgoing)` passes it as it comes.
 */
export type RelayBody = (incoming: IncomingMessage, answer: IncomingMessage, outgoing: ServerResponse) => void;

/**
 * A proxy on 127.0.0.1 in front of the app server: every request goes on with its method, path and
 * headers, every answer comes back with its status and headers, and `relay` decides how its body
 * travels. The tests' proxies (slow-proxy.ts, pack-proxy.ts) differ only there.
 */
export async function startLoopbackProxy(targetUrl: string, relay: RelayBody): Promise<LoopbackProxy> {
  const target = new URL(targetUrl);
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url ?? '/', headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
        relay(incoming, answer, outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
