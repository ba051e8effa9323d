import fastifyHelmet from '@fastify/helmet';
import fastifyPlugin from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { contentSecurityPolicy } from '../content-security-policy.js';

/**
 * Helmet's protective headers on every answer, with our Content-Security-Policy. The referrer
 * policy keeps the browser's default rather than helmet's no-referrer: OpenStreetMap's tile policy
 * asks for a Referer, and strict-origin-when-cross-origin sends only our origin, never a path.
 */
export const securityHeadersPlugin = fastifyPlugin<{ config: AppConfig }>(
  async (app, { config }) => {
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    // Helmet leaves Permissions-Policy alone; the app needs the position and nothing else of the device.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('permissions-policy', 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()');
    });
  },
  { name: 'allstall-security-headers' },
);
