import { cleanImportRow, type ImportBody, type ImportResult, type User } from '@allstall/shared';
import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { loggedChanges, upsertImportRows } from '../repositories/imports.js';
import { logDecision } from '../repositories/moderation-log.js';

/**
 * 'Add all to database' (POST /api/admin/import) inside the write's transaction: the reviewed rows
 * are added, or refresh the listings already imported from the same source, and the import is
 * logged under `importId` with what it inserted and updated. The same rows twice change nothing.
 */
export async function importListings(
  trx: Transaction<Database>,
  admin: User,
  { source, rows }: ImportBody,
  importId: string,
  nowMs: number,
): Promise<ImportResult> {
  let outcome: Awaited<ReturnType<typeof upsertImportRows>>;
  try {
    // Cleaned here too, not only for review: the rows are whatever the admin's device sent.
    outcome = await upsertImportRows(trx, source, rows.map(cleanImportRow), nowMs);
  } catch (error) {
    // Two admins adding the same new listing at once: the second insert meets the first.
    if (isUniqueViolation(error)) throw new HttpError(409, 'import.listingsBusy');
    throw error;
  }
  const result: ImportResult = {
    inserted: outcome.inserted.length,
    updated: outcome.updated.length,
    unchanged: outcome.unchanged,
    withoutCoordinates: outcome.withoutCoordinates,
  };
  const { before, inserted, updated } = loggedChanges(outcome);
  await logDecision(trx, {
    actorId: admin.id,
    action: 'restroom.import',
    entity: 'import',
    entityId: importId,
    before,
    after: { source, ...result, inserted, updated },
    atMs: nowMs,
  });
  return result;
}
