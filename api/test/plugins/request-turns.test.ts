import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextVersions } from '../../src/repositories/feed-versions.js';
import { testRestroomColumns } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

/*
 * The stall of issue 39 item 5, on the real app and real sockets (plugins/request-turns.ts). Node
 * accepts one new connection per turn of its event loop; before requests took turns, one turn
 * served every request waiting on the open keep-alive connections, so a phone connecting while they
 * kept the server busy waited a whole turn per connection ahead of it (10 s and more under the read
 * mix). What is counted here is how many requests the busy connections were served while the new
 * connections waited to be accepted: about half the busy connections per new connection before
 * (80–97 in runs without the turns), a handful now. A count, not a time, so a slow machine cannot
 * fail it.
 */

const BUSY_CONNECTIONS = 20;
const NEW_CONNECTIONS = 10;
/** Enough that one answer of the whole list (GET /api/bathrooms) is several milliseconds of the loop's work. */
const RESTROOMS = 500;

// SQLite, whatever the suite's engine: its synchronous queries are what let one turn serve a request
// to the end, the stall's mechanism; on PostgreSQL a query is a wait on a socket like any other.
const testApp = useTestApp({}, {}, 'sqlite');
let origin: URL;

beforeAll(async () => {
  const { app } = testApp();
  await app.db.transaction().execute(async (trx) => {
    const versions = await nextVersions(trx, RESTROOMS);
    const now = Date.now();
    for (let at = 0; at < RESTROOMS; at += 100) {
      const rows = versions.slice(at, at + 100).map((version) => {
        const id = uuidv7();
        return { ...testRestroomColumns(id, now), is_removed: 0, version };
      });
      await trx.insertInto('restrooms').values(rows).execute();
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = new URL(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
});

/** One GET on `agent`'s connection: its status, once the whole body is in. */
function get(agent: Agent | false, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const asked = request({ host: origin.hostname, port: origin.port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    asked.on('error', reject);
    asked.end();
  });
}

describe('requests take turns', () => {
  it('lets new connections in before the busy keep-alive connections have been served more than a few requests', async () => {
    const { server } = testApp().app;
    let listsServed = 0;
    server.on('request', (incoming, outgoing) => {
      if (incoming.url === '/api/bathrooms') outgoing.on('finish', () => (listsServed += 1));
    });

    // Twenty phones on open keep-alive connections, each asking for the next list as soon as one arrives.
    let busy = true;
    let everyBusyConnectionAnswered = () => {};
    const busyConnectionsAnswered = new Promise<void>((resolve) => (everyBusyConnectionAnswered = resolve));
    let connectionsAnswered = 0;
    const busyLoops = Array.from({ length: BUSY_CONNECTIONS }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        expect(await get(agent, '/api/bathrooms')).toBe(200);
        if (++connectionsAnswered === BUSY_CONNECTIONS) everyBusyConnectionAnswered();
        while (busy) expect(await get(agent, '/api/bathrooms')).toBe(200);
      } finally {
        agent.destroy();
      }
    });
    await busyConnectionsAnswered;

    // Ten more phones connect at once.
    const servedWhenAccepted: number[] = [];
    const noteAccepted = () => servedWhenAccepted.push(listsServed);
    server.on('connection', noteAccepted);
    const servedBefore = listsServed;
    const newcomers = await Promise.all(Array.from({ length: NEW_CONNECTIONS }, () => get(false, '/api/health')));
    server.off('connection', noteAccepted);
    busy = false;
    await Promise.all(busyLoops);

    expect(newcomers).toEqual(Array.from({ length: NEW_CONNECTIONS }, () => 200));
    expect(servedWhenAccepted).toHaveLength(NEW_CONNECTIONS);
    // Before requests took turns: about BUSY_CONNECTIONS / 2 lists a new connection.
    expect(servedWhenAccepted.at(-1)! - servedBefore).toBeLessThan(3 * NEW_CONNECTIONS);
  });
});
