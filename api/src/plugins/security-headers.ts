import fastifyHelmet from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { contentSecurityPolicy } from './content-security-policy.js';
import { isApiPath } from './same-origin-writes.js';

const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()';

/**
 * Headers that only change how a browser treats a document it renders (its scripts, frames,
 * features, the links it follows) or that only old plug-ins and Internet Explorer read. A JSON
 * answer under /api is never rendered as a page: with `nosniff` and a JSON content type a browser
 * shows it as text at most, and the session cookie is SameSite=Lax, so a page that frames it on
 * another site sees nobody's data. They are about 800 bytes, more than the whole body of a feed
 * page after one change, on every one of a device's API calls, so they go with documents only.
 * What matters for JSON stays on every answer: `X-Content-Type-Options: nosniff` (never run or
 * render it as something else), `Cross-Origin-Resource-Policy: same-origin` (no other site may
 * load it, e.g. as a script, or read it through a side channel) and `Strict-Transport-Security`.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Helmet's protective headers, with our Content-Security-Policy. The referrer policy keeps the
 * browser's default rather than helmet's no-referrer: OpenStreetMap's tile policy asks for a
 * Referer, and strict-origin-when-cross-origin sends only our origin, never a path. Pages, scripts
 * (the service worker's script is where its own policy comes from) and other files get them all;
 * API answers other than HTML only those that protect data (see DOCUMENT_ONLY_HEADERS).
 */
export const securityHeadersPlugin = fastifyPlugin<{ config: AppConfig }>(
  async (app, { config }) => {
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onSend', async (request, reply) => {
      if (isApiData(request, reply)) {
        // Helmet writes straight onto the Node response, so that is where they are taken off.
        for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
        return;
      }
      // Helmet leaves Permissions-Policy alone; the app needs the position and nothing else of the device.
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
  },
  { name: 'allstall-security-headers' },
);

/** An answer under /api/ that is not an HTML page. */
function isApiData(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!isApiPath(request.url)) return false;
  const contentType = reply.getHeader('content-type');
  return !(typeof contentType === 'string' && contentType.toLowerCase().startsWith('text/html'));
}
