import type { Kysely } from 'kysely';

/**
 * GET /api/bathrooms/nearby reads only the restrooms inside a latitude/longitude box around the
 * person (widened until it holds enough), instead of ranking every row. Latitude leads: it narrows
 * a city-sized table to a thin band, and the longitude beside it is checked without reading the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('restrooms_coordinates').on('restrooms').columns(['latitude', 'longitude']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('restrooms_coordinates').execute();
}
