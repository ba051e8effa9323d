import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fastifyPlugin from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { AppMetrics } from '../operations/metrics.js';
import { runningImportRuns } from '../repositories/import-runs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics (docs/operations.md#metrics); counted even when METRICS_PORT is unset. */
    metrics: AppMetrics;
    /** Where GET /metrics is served, once the app is ready; null when METRICS_PORT is unset. */
    metricsAddress: () => AddressInfo | null;
  }
  interface FastifyRequest {
    /** The `code` of a refused write's error answer, read as it is sent, for allstall_writes_refused_total. */
    refusedWithCode?: string;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Counts every request by route pattern and status, and serves the counts on a port of their own
 * (METRICS_PORT, on HOST): the app's port faces the public, and a scrape is for the operator only.
 * The pattern, never the URL: ids and query strings would make a series per restroom, and a query
 * can carry a position.
 */
export const metricsPlugin = fastifyPlugin<{ config: AppConfig }>(
  async (app, { config }) => {
    const served = config.metricsPort !== null;
    const metrics = new AppMetrics({
      processMetrics: served,
      importRunProgress: async () =>
        (await runningImportRuns(app.db)).map((run) => ({
          source: run.source,
          stepsDone: run.steps_done,
          stepsTotal: run.steps_total,
          rowsRead: run.rows_read,
        })),
    });
    app.decorate('metrics', metrics);
    app.decorateRequest('refusedWithCode', undefined);

    app.addHook('onSend', async (request, reply, payload) => {
      if (WRITE_METHODS.has(request.method) && reply.statusCode >= 400 && reply.statusCode < 500 && typeof payload === 'string') {
        request.refusedWithCode = errorCodeOf(payload);
      }
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
      metrics.requests.inc(labels);
      metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000);
      if (WRITE_METHODS.has(request.method) && reply.statusCode >= 400 && reply.statusCode < 500) {
        metrics.writesRefused.inc({ ...labels, code: request.refusedWithCode ?? 'none' });
      }
    });

    let server: Server | null = null;
    app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null | undefined) ?? null);
    if (!served) return;
    app.addHook('onReady', async () => {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics is served here.\n');
          return;
        }
        metrics.registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics could not be collected');
            response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected; see the server log.\n');
          },
        );
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(config.metricsPort ?? 0, config.host, () => {
          listening.off('error', reject);
          resolve();
        });
      });
      const { port } = listening.address() as AddressInfo;
      app.log.info({ host: config.host, port }, 'metrics served at /metrics');
    });
    app.addHook('onClose', async () => {
      const listening = server;
      if (listening === null) return;
      // A scraper's kept-alive connection would hold close() open.
      listening.closeAllConnections();
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    });
  },
  // Registered before every route so each is counted; the database is read only when scraped.
  { name: 'allstall-metrics' },
);

/** The `code` of an API error answer (http/http-errors.ts), or 'none'. */
function errorCodeOf(payload: string): string {
  try {
    const { code } = JSON.parse(payload) as { code?: unknown };
    return typeof code === 'string' ? code : 'none';
  } catch {
    return 'none';
  }
}
