import { SyncPageSchema, SyncQuerySchema, type SyncPage } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../http/http-errors.js';
import { readMeta } from '../repositories/feed-versions.js';
import { readChangesAfter } from '../repositories/change-feed.js';

const SYNC_DEFAULT_LIMIT = 1000;

/**
 * A page depends only on its query, never on who asks, so a CDN or proxy in front of many api
 * instances may share it for a few seconds: every device at the same cursor then costs the database
 * one read. Browsers (private caches) still ask every time, so a person never waits on an old page.
 * A shared copy a few seconds old is harmless: the device continues from its cursor and the next
 * pull brings whatever changed since.
 */
const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';

/** The change feed devices mirror the public data from (ARCHITECTURE §4). */
export const syncRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sync',
    { schema: { tags: ['sync'], querystring: SyncQuerySchema, response: { 200: SyncPageSchema, ...errorResponses } } },
    async (request, reply): Promise<SyncPage> => {
      const { since, limit = SYNC_DEFAULT_LIMIT } = request.query;
      // Read before the page: every version up to `seq` is committed by now (see change-feed.ts).
      const seq = await readMeta(app.db, 'seq');
      const tombstoneFloor = await readMeta(app.db, 'tombstone_floor');
      const sinceVersion = since === undefined ? null : Number(since);
      // A cursor below the floor may have missed pruned deletions; one above `seq` comes from another
      // database (restored, or recreated). Either way the device must start over.
      const reset = sinceVersion !== null && (sinceVersion < tombstoneFloor || sinceVersion > seq);
      const afterVersion = sinceVersion === null || reset ? 0 : sinceVersion;

      const page = await readChangesAfter(app.db, {
        afterVersion,
        limit,
        includeDeparted: sinceVersion !== null && !reset,
      });
      // With nothing left, the device is complete up to `seq`, even past hidden rows the page skipped.
      const cursorVersion = page.more ? (page.lastVersion ?? afterVersion) : Math.max(page.lastVersion ?? 0, afterVersion, seq);
      // Only now, so a failure on the way is never shared.
      reply.header('cache-control', SHARED_CACHE_CONTROL);
      return {
        cursor: String(cursorVersion),
        more: page.more,
        reset,
        restrooms: page.restrooms,
        comments: page.comments,
        deleted: { restrooms: page.deletedRestroomIds, comments: page.deletedCommentIds },
      };
    },
  );
};
