import fastifyPlugin from 'fastify-plugin';
import type { AppConfig } from '../config.js';

/**
 * One log line per request, written once it is answered (Fastify's own two, on arrival and on
 * answer, are turned off in app.ts). It names the route pattern and the path without its query
 * string: a query can carry a position (GET /api/bathrooms?lat=&lng=) or what someone typed into a
 * search, and neither belongs in a log. Headers (cookies) and bodies (passwords) are never logged.
 * Successful answers are sampled at REQUEST_LOG_SAMPLE; every answer of 400 or above is logged,
 * a 5xx at `error`.
 */
export const requestLogPlugin = fastifyPlugin<{ config: AppConfig; random?: () => number }>(
  async (app, { config, random = Math.random }) => {
    const sample = config.requestLogSample;
    app.addHook('onResponse', async (request, reply) => {
      const status = reply.statusCode;
      if (status < 400 && (sample === 0 || random() >= sample)) return;
      const line = {
        method: request.method,
        route: request.routeOptions.url ?? null,
        path: request.url.split('?', 1)[0],
        status,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      };
      if (status >= 500) request.log.error(line, 'request answered');
      else request.log.info(line, 'request answered');
    });
  },
  { name: 'allstall-request-log' },
);
