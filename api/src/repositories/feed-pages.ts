import type { Comment, Restroom } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database, TombstoneEntity } from '../db/schema.js';
import { commentFromRow, selectComments, type CommentRow } from './comments.js';
import { restroomIsVisible, restroomRowIsVisible, restroomsWithHours, selectRestrooms, type RestroomRow } from './restrooms.js';

/** One page of changes after a version, already split the way the feed reports them. */
export interface ChangePage {
  restrooms: Restroom[];
  comments: Comment[];
  deletedRestroomIds: string[];
  deletedCommentIds: string[];
  /** Version of the last change in the page; null when the page is empty. */
  lastVersion: number | null;
  /** Whether changes remain after this page. */
  more: boolean;
}

/** Options for `readChangesAfter`. */
export interface ChangeQuery {
  afterVersion: number;
  limit: number;
  /**
   * A first pull (or a reset) leaves out whatever is hidden or deleted: the device has nothing to
   * remove yet. Later pulls must include it, so devices can drop rows that left the public view.
   */
  includeDeparted: boolean;
}

type Change =
  | { kind: 'restroom'; version: number; row: RestroomRow }
  | { kind: 'comment'; version: number; row: CommentRow & { restroom_visible: boolean } }
  | { kind: 'tombstone'; version: number; entity: TombstoneEntity; id: string };

/**
 * Reads up to `limit` changes with a version above `afterVersion`, across restrooms, comments and
 * tombstones, in version order. Each source is read in version order with `limit + 1` rows, which
 * is enough to fill the page from the merged list and to tell whether anything is left over.
 */
export async function readChangesAfter(db: Kysely<Database>, query: ChangeQuery): Promise<ChangePage> {
  const { afterVersion, limit, includeDeparted } = query;
  const fetchCount = limit + 1;

  let restroomQuery = selectRestrooms(db).where('restrooms.version', '>', afterVersion);
  if (!includeDeparted) restroomQuery = restroomQuery.where(restroomIsVisible);
  const restroomRows = await restroomQuery.orderBy('restrooms.version').limit(fetchCount).execute();

  // A comment is public only while it is alive and its restroom is visible.
  let commentQuery = selectComments(db)
    .innerJoin('restrooms', 'restrooms.id', 'comments.restroom_id')
    .select(['restrooms.status', 'restrooms.is_removed'])
    .where('comments.version', '>', afterVersion);
  if (!includeDeparted) commentQuery = commentQuery.where('comments.deleted_at', 'is', null).where(restroomIsVisible);
  const commentRows = await commentQuery.orderBy('comments.version').limit(fetchCount).execute();

  const tombstoneRows = includeDeparted
    ? await db
        .selectFrom('tombstones')
        .select(['entity', 'id', 'version'])
        .where('version', '>', afterVersion)
        .orderBy('version')
        .limit(fetchCount)
        .execute()
    : [];

  const changes: Change[] = [
    ...restroomRows.map((row): Change => ({ kind: 'restroom', version: row.version, row })),
    ...commentRows.map(({ status, is_removed, ...row }): Change => ({
      kind: 'comment',
      version: row.version,
      row: { ...row, restroom_visible: restroomRowIsVisible({ status, is_removed }) },
    })),
    ...tombstoneRows.map((row): Change => ({ kind: 'tombstone', version: row.version, entity: row.entity, id: row.id })),
  ].sort((a, b) => a.version - b.version);

  const page = changes.slice(0, limit);
  return {
    ...(await splitChanges(db, page)),
    lastVersion: page.at(-1)?.version ?? null,
    more: changes.length > limit,
  };
}

async function splitChanges(
  db: Kysely<Database>,
  page: readonly Change[],
): Promise<Pick<ChangePage, 'restrooms' | 'comments' | 'deletedRestroomIds' | 'deletedCommentIds'>> {
  const visibleRestroomRows: RestroomRow[] = [];
  const comments: Comment[] = [];
  const deletedRestroomIds: string[] = [];
  const deletedCommentIds: string[] = [];
  for (const change of page) {
    if (change.kind === 'restroom') {
      if (restroomRowIsVisible(change.row)) visibleRestroomRows.push(change.row);
      else deletedRestroomIds.push(change.row.id);
    } else if (change.kind === 'comment') {
      if (change.row.deleted_at === null && change.row.restroom_visible) comments.push(commentFromRow(change.row));
      else deletedCommentIds.push(change.row.id);
    } else if (change.entity === 'restroom') {
      deletedRestroomIds.push(change.id);
    } else {
      deletedCommentIds.push(change.id);
    }
  }
  // Hours for the whole page in one query, not one per restroom.
  const restrooms = await restroomsWithHours(db, visibleRestroomRows);
  return { restrooms, comments, deletedRestroomIds, deletedCommentIds };
}
