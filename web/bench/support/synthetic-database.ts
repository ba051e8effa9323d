import { join } from 'node:path';
import { connectDatabase } from '../../../api/src/db/connect.js';
import { nextVersions } from '../../../api/src/repositories/change-feed.js';
import { chunk } from '../../../api/src/repositories/convert.js';
import { syntheticListings } from './synthetic-restrooms.js';

/** About 27 columns a restroom: 200 rows an INSERT stays far below SQLite's bound-parameter limit. */
const RESTROOM_ROWS_PER_INSERT = 200;
const HOURS_ROWS_PER_INSERT = 1000;

/**
 * Adds `count` synthetic restrooms to the SQLite database of a running server (its DATA_DIR), in one
 * transaction and with change-feed versions taken the api's own way, so devices sync them as they
 * would sync an import. Written straight into the file: 100,000 rows through the import endpoint
 * (500 a request) would take longer than the measurements themselves.
 */
export async function addSyntheticRestrooms(dataDir: string, count: number): Promise<void> {
  const { db } = connectDatabase({ kind: 'sqlite', file: join(dataDir, 'allstall.sqlite') });
  try {
    await db.transaction().execute(async (trx) => {
      const versions = await nextVersions(trx, count);
      const listings = [...syntheticListings(count)];
      const restrooms = listings.map(({ restroom }, index) => ({ ...restroom, version: versions[index] ?? 0 }));
      const hours = listings.flatMap(({ restroom, hours }) => hours.map((range) => ({ restroom_id: restroom.id, ...range })));
      for (const rows of chunk(restrooms, RESTROOM_ROWS_PER_INSERT)) await trx.insertInto('restrooms').values(rows).execute();
      for (const rows of chunk(hours, HOURS_ROWS_PER_INSERT)) await trx.insertInto('opening_hours').values(rows).execute();
    });
  } finally {
    await db.destroy();
  }
}
