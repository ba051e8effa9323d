/*
 * The baseline for the nearby load test, run as a child process of its own as the api is: plain
 * Fastify with no plugins, hooks, schema or database. Fastify is imported from the api's own
 * dependencies on purpose: the baseline runs the very version the api runs.
 *   /same  answers a saved nearby answer from memory (the same bytes, none of the work)
 *   /hello answers {"hello":"world"}
 */
import { readFileSync } from 'node:fs';
import Fastify from '../../../api/node_modules/fastify/fastify.js';

const [payloadFile] = process.argv.slice(2);
if (payloadFile === undefined) throw new Error('usage: bare-json-server.ts <payload.json>');
const payload: unknown = JSON.parse(readFileSync(payloadFile, 'utf8'));

const app = Fastify({ logger: false });
app.get('/same', async () => payload);
app.get('/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${address}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
