import { SyncPageSchema, SyncQuerySchema, type SyncPage } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../http-errors.js';
import { readMeta } from '../repositories/change-feed.js';
import { readChangesAfter } from '../repositories/sync.js';

const SYNC_DEFAULT_LIMIT = 1000;

/** The change feed devices mirror the public data from (ARCHITECTURE §4). */
export const syncRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sync',
    { schema: { tags: ['sync'], querystring: SyncQuerySchema, response: { 200: SyncPageSchema, ...errorResponses } } },
    async (request): Promise<SyncPage> => {
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
