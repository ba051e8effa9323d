/*
 * The baseline for the app page under load, run as a child process of its own as the api is: plain
 * Fastify and @fastify/static with `preCompressed` over the same web build, and nothing else (no
 * security headers, no compression hook, no sessions). Both are loaded from the api's own
 * dependencies on purpose: the baseline runs the very versions the api runs.
 *   /bathrooms  index.html, as the api's single-page fallback sends it (its .br to a browser)
 */
import { createRequire } from 'node:module';
import Fastify, { type FastifyPluginAsync } from '../../../api/node_modules/fastify/fastify.js';

/** The options of @fastify/static this server sets, and the reply method it adds (its types live beside the api's copy). */
type StaticPlugin = FastifyPluginAsync<{ root: string; preCompressed: boolean }>;
interface SendsFiles {
  sendFile(file: string): unknown;
}
const fastifyStatic = createRequire(new URL('../../../api/package.json', import.meta.url))('@fastify/static') as StaticPlugin;

const [webDistDir] = process.argv.slice(2);
if (webDistDir === undefined) throw new Error('usage: bare-static-server.ts <web dist dir>');

const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root: webDistDir, preCompressed: true });
app.get('/bathrooms', (_request, reply) => (reply as unknown as SendsFiles).sendFile('index.html'));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${address}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
