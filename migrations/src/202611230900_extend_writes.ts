import type { Kysely } from 'kysely';

/**
 * What the user write endpoints need beyond the first schema: which request an idempotency key was
 * spent on (a key replayed on another route must be refused, not answered with a foreign response),
 * and the restroom as it stood when a flag was raised, so an admin can set proposed values beside
 * the originals even after the listing has changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('applied_writes')
    // e.g. 'POST /api/feedback'. No write endpoint recorded keys before this migration, so the
    // default only satisfies NOT NULL on an existing database; it never matches a real request.
    .addColumn('request', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  // Nullable: a flag raised before this column existed has no snapshot.
  await db.schema.alterTable('flags').addColumn('original_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flags').dropColumn('original_json').execute();
  await db.schema.alterTable('applied_writes').dropColumn('request').execute();
}
