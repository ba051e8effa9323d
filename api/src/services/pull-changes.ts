import { SYNC_PAGE_CHANGES, type SyncPage, type SyncQuery } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readChangesAfter, type ChangePage } from '../repositories/feed-pages.js';
import { readMeta } from '../repositories/feed-versions.js';


/** Where a pull starts reading, given the device's cursor and the feed's bounds. */
export interface PullStart {
  /** The device must drop its mirror: this page is the first of a full pull. */
  reset: boolean;
  afterVersion: number;
  /** Whether the page lists what left the public view (see `ChangeQuery`). */
  includeDeparted: boolean;
}

/**
 * A cursor below the tombstone floor may have missed pruned deletions; one above `seq` comes from
 * another database (restored, or recreated). Either way the device must start over.
 */
export function pullStart(sinceVersion: number | null, seq: number, tombstoneFloor: number): PullStart {
  const reset = sinceVersion !== null && (sinceVersion < tombstoneFloor || sinceVersion > seq);
  return {
    reset,
    afterVersion: sinceVersion === null || reset ? 0 : sinceVersion,
    includeDeparted: sinceVersion !== null && !reset,
  };
}

/**
 * The cursor after `page`: its last version while more follows; with nothing left, the device is
 * complete up to `seq`, even past hidden rows the page skipped.
 */
export function cursorAfter(page: Pick<ChangePage, 'more' | 'lastVersion'>, afterVersion: number, seq: number): number {
  return page.more ? (page.lastVersion ?? afterVersion) : Math.max(page.lastVersion ?? 0, afterVersion, seq);
}

/** GET /api/sync: the page of the change feed after the device's cursor, and the cursor to pull from next. */
export async function pullChanges(db: Kysely<Database>, { since, limit = SYNC_PAGE_CHANGES }: SyncQuery): Promise<SyncPage> {
  // Read before the page: every version up to `seq` is committed by now (see feed-versions.ts).
  const seq = await readMeta(db, 'seq');
  const tombstoneFloor = await readMeta(db, 'tombstone_floor');
  const { reset, afterVersion, includeDeparted } = pullStart(since === undefined ? null : Number(since), seq, tombstoneFloor);
  const page = await readChangesAfter(db, { afterVersion, limit, includeDeparted });
  return {
    cursor: String(cursorAfter(page, afterVersion, seq)),
    more: page.more,
    reset,
    restrooms: page.restrooms,
    comments: page.comments,
    deleted: { restrooms: page.deletedRestroomIds, comments: page.deletedCommentIds },
  };
}
