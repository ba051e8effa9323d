import { SyncPageSchema, SyncQuerySchema, type SyncPage } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../http/http-errors.js';
import { pullChanges } from '../services/pull-changes.js';

/**
 * A page depends only on its query, never on who asks, so a CDN or proxy in front of many api
 * instances may share it for a few seconds: every device at the same cursor then costs the database
 * one read. Browsers (private caches) still ask every time, so a person never waits on an old page.
 * A shared copy a few seconds old is harmless: the device continues from its cursor and the next
 * pull brings whatever changed since.
 */
const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';

/** The change feed devices mirror the public data from (docs/architecture.md#the-change-feed). */
export const syncRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sync',
    { schema: { tags: ['sync'], querystring: SyncQuerySchema, response: { 200: SyncPageSchema, ...errorResponses } } },
    async (request, reply): Promise<SyncPage> => {
      const page = await pullChanges(app.db, request.query);
      app.metrics.feedPages.inc();
      app.metrics.feedChanges.inc(page.restrooms.length + page.comments.length + page.deleted.restrooms.length + page.deleted.comments.length);
      // Only now, so a failure on the way is never shared.
      reply.header('cache-control', SHARED_CACHE_CONTROL);
      return page;
    },
  );
};
