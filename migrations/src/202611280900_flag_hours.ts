import type { Kysely } from 'kysely';

/*
 * Suggested hours (docs/product-rules.md#suggested-changes): a flag may propose a new week of
 * opening hours. The week is stored whole, as the JSON of the API's weekly hours, like the flag's
 * `original_json`: it is read back only with its flag and applied at once on approval, so it needs
 * no table of its own as a restroom's hours do. SQL NULL is "no change to the hours proposed", what
 * every flag before this one holds; the JSON text `null` is a proposal of 'Hours unknown'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flags').addColumn('proposed_hours', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flags').dropColumn('proposed_hours').execute();
}
