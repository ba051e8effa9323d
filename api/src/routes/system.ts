import { ClientConfigSchema, clientConfigFor, HealthSchema } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import type { AppConfig } from '../config.js';
import { errorResponses } from '../http/http-errors.js';
import { HttpError } from '../errors/http-error.js';

/** Health, the client's configuration and the OpenAPI document. */
export const systemRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  app.get('/health', { schema: { tags: ['system'], response: { 200: HealthSchema, ...errorResponses } } }, async () => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (error) {
      app.log.error({ err: error }, 'health check could not reach the database');
      throw new HttpError(503, 'storage.unreachable');
    }
    return { status: 'ok' as const, database: app.dbEngine };
  });

  const clientConfig = clientConfigFor({
    authorName: config.authorName,
    tileUrl: config.tileUrl,
    tileAttribution: config.tileAttribution,
    // Described by the map-pack plugin as the app started (docs/map-pack.md#what-apiconfig-says).
    map_pack: app.mapPack,
  }, config.region);
  app.get('/config', { schema: { tags: ['system'], response: { 200: ClientConfigSchema, ...errorResponses } } }, async () => clientConfig);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
