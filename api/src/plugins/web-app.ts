import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { isApiPath } from './same-origin-writes.js';

/** Vite puts content-hashed files here: a new build means new names, so they may be cached for good. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the service worker, the manifest) must be revalidated on each load. */
const REVALIDATE = 'no-cache';

/** Whether a built web app is there to serve (in development Vite serves it instead). */
export function webAppIsBuilt(webDistDir: string): boolean {
  return existsSync(path.join(webDistDir, 'index.html'));
}

/**
 * Registers @fastify/static over the built web app, with cache headers suited to each kind of file.
 * The web build writes a Brotli and a gzip copy beside each file worth compressing
 * (web/build-tools/precompressed-files.ts): `preCompressed` sends the copy the request's
 * Accept-Encoding takes (`.br`, else `.gz`, else the file) as it is, with its Content-Encoding and
 * `Vary: Accept-Encoding`, and @fastify/compress leaves an answer that has a Content-Encoding
 * alone. Compressing the app shell anew for every request held the app page's p99 at 0.5 s under
 * 200 connections (docs/performance.md).
 * A file without copies (a build made without them, a copy that would not be smaller) is compressed
 * on the fly as before.
 */
export const webAppPlugin = fastifyPlugin<{ webDistDir: string }>(
  async (app, { webDistDir }) => {
    await app.register(fastifyStatic, {
      root: webDistDir,
      preCompressed: true,
      cacheControl: false,
      // filePath is the file sent: for `assets/index-abc.js.br` still under assets/.
      setHeaders: (reply: FastifyReply, filePath: string) => {
        const relative = path.relative(webDistDir, filePath).split(path.sep);
        reply.header('cache-control', relative[0] === 'assets' ? IMMUTABLE_CACHE : REVALIDATE);
      },
    });
    // A navigation to an app page goes straight to index.html. Left to @fastify/static's catch-all
    // route, /bathrooms first cost a directory listing and a failed open per encoding before the
    // not-found handler sent index.html: under 200 connections a third of the app page's
    // throughput (docs/performance.md). A callback hook that answers and never calls done() ends
    // the request there.
    app.addHook('onRequest', (request, reply, done) => {
      if (isAppPageNavigation(request)) {
        sendSpaIndex(reply);
        return;
      }
      done();
    });
  },
  { name: 'allstall-web-app' },
);

/**
 * Whether a request that matched nothing should get the single-page app's index.html: a GET or
 * HEAD outside /api from something that reads HTML (a browser navigating to /bathrooms/123).
 */
export function wantsSpaFallback(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  // Only navigations ask for HTML; a missing script or image should stay a plain 404.
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * A navigation to a page of the app rather than to a file: a build's files all have a dot in their
 * name (`index-abc123.js`, `manifest.webmanifest`), an app path never does (`/bathrooms/123`).
 * `/` is left to @fastify/static, which sends index.html for it.
 */
function isAppPageNavigation(request: FastifyRequest): boolean {
  if (!wantsSpaFallback(request)) return false;
  const pathname = request.url.split('?', 1)[0] ?? request.url;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return lastSegment !== '' && !lastSegment.includes('.');
}

/**
 * Answers with index.html, never cached, so a new deployment is picked up on the next load; sent
 * from its pre-compressed copy as the static files are (`sendFile` follows `preCompressed`).
 */
export function sendSpaIndex(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', REVALIDATE).sendFile('index.html');
}
