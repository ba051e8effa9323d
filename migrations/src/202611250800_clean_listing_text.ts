import { cleanListingText, type ListingText } from '@allstall/shared';
import type { Kysely } from 'kysely';

/*
 * Mends the text of listings stored before the import cleaning decoded every HTML entity and dropped
 * invisible marks: the demo data held "2111 Snelling Avenue North, St Paul, MN&#8206;", and imports
 * stored the left-to-right mark such a reference stands for. Each listing whose text changes takes a
 * fresh change-feed version, as any write that changes what the public sees does
 * (api/src/repositories/feed-versions.ts), so every phone pulls the mended text on its next sync.
 *
 * Only listings from outside sources (Refuge, OpenStreetMap, the demo data) are cleaned: their text
 * went through a web form and an export before it reached us, and this is what importing them today
 * stores. A person's own addition, and visitors' comments, are what they typed: someone may write
 * "&amp;" and mean it, so decoding entities there would change their words. `updated_at` stays as
 * it was: the restroom's "Updated" date tells people how fresh the listing is, and nothing about the
 * restroom changed.
 *
 * The cleaning is the shared one, as it is when this runs, so a database mended later is mended to
 * what the importers store then.
 */

/** The columns this migration reads and writes, as they stand at this point of the schema. */
type MendedTables = {
  // A listing's text is stored as such, but for the source's remark, kept as `admin_comment`.
  restrooms: Omit<ListingText, 'comment'> & { id: string; source: string; admin_comment: string | null; version: number };
  meta: { key: string; value: number };
};

const OUTSIDE_SOURCES = ['refuge', 'osm', 'demo'];
/** Listings read at a time, so a large database is never held in memory at once. */
const BATCH = 500;
const TEXT_FIELDS = ['name', 'street', 'city', 'state', 'country', 'directions', 'comment'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = db.withTables<MendedTables>();
  // PostgreSQL runs every migration inside one transaction already; SQLite's migrations run without.
  if (tables.isTransaction) await mendListings(tables);
  else await tables.transaction().execute(mendListings);
}

/** Nothing to undo: the text before was the same listing, only harder to read and to search. */
export async function down(): Promise<void> {}

async function mendListings(db: Kysely<MendedTables>): Promise<void> {
  let afterId = '';
  for (;;) {
    const rows = await db
      .selectFrom('restrooms')
      .select(['id', 'name', 'street', 'city', 'state', 'country', 'directions', 'admin_comment'])
      .where('source', 'in', OUTSIDE_SOURCES)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const last = rows.at(-1);
    if (last === undefined) return;
    afterId = last.id;

    const mended = rows.flatMap(({ id, admin_comment, ...text }) => {
      const stored: ListingText = { ...text, comment: admin_comment };
      const cleaned = cleanListingText(stored);
      return TEXT_FIELDS.some((field) => cleaned[field] !== stored[field]) ? [{ id, cleaned }] : [];
    });
    if (mended.length === 0) continue;

    const firstVersion = await reserveVersions(db, mended.length);
    for (const [index, { id, cleaned }] of mended.entries()) {
      const { comment, ...columns } = cleaned;
      await db
        .updateTable('restrooms')
        .set({ ...columns, admin_comment: comment, version: firstVersion + index })
        .where('id', '=', id)
        .execute();
    }
  }
}

/**
 * Takes `count` versions from the feed's counter as the api's `nextVersions` does (a migration
 * cannot import the api) and returns the first. On PostgreSQL the update holds the counter's row
 * until the migration commits, so an api process writing meanwhile takes the versions after these.
 */
async function reserveVersions(db: Kysely<MendedTables>, count: number): Promise<number> {
  const { value } = await db
    .updateTable('meta')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('key', '=', 'seq')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(value) - count + 1;
}
