import type { Kysely } from 'kysely';

/*
 * Whether a restroom costs money (docs/product-rules.md#what-we-know): `restrooms.fee` is 'free',
 * 'paid' or null (unknown), and a flag's proposal gains `proposed_fee` beside `proposed_access`.
 *
 * Every existing restroom and flag starts unknown: nobody has said yet, and the next import of an
 * OpenStreetMap area fills in what its `fee` and `charge` tags say. Nothing a device holds changes,
 * so no restroom takes a fresh version: a phone's format-3 rows are read as format 4 with the fee
 * unknown (the device's upgrade writes exactly that), which is what the server now holds for them.
 *
 * Adding and dropping a nullable column without a default is a plain ALTER TABLE on both
 * databases (SQLite has dropped columns since 3.35).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('restrooms').addColumn('fee', 'text').execute();
  await db.schema.alterTable('flags').addColumn('proposed_fee', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flags').dropColumn('proposed_fee').execute();
  await db.schema.alterTable('restrooms').dropColumn('fee').execute();
}
