import type { ImportResult, ImportReviewRow, ImportRow } from '@allstall/shared';

/**
 * The review list after another page: each listing once, in the order first loaded, a listing seen
 * again taking its newer copy (Refuge pages shift when listings are added meanwhile).
 */
export function importRowsMerged(kept: readonly ImportReviewRow[], loaded: readonly ImportReviewRow[]): ImportReviewRow[] {
  const bySourceId = new Map(kept.map((row) => [row.source_id, row]));
  for (const row of loaded) bySourceId.set(row.source_id, row);
  return [...bySourceId.values()];
}

/** A review row as the import takes it back: without what the server added for the review. */
export function importRowOf({ already_imported: _imported, restroom_id: _restroomId, ...row }: ImportReviewRow): ImportRow {
  return row;
}

/** The rows in the import's batches, each at most `size` long. */
export function importBatches<T>(rows: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}

export const NO_IMPORT: ImportResult = { inserted: 0, updated: 0, unchanged: 0, withoutCoordinates: [] };

/** What several batches did, together. */
export function importResultsAdded(a: ImportResult, b: ImportResult): ImportResult {
  return {
    inserted: a.inserted + b.inserted,
    updated: a.updated + b.updated,
    unchanged: a.unchanged + b.unchanged,
    withoutCoordinates: [...a.withoutCoordinates, ...b.withoutCoordinates],
  };
}

/** The rows once imported: the review now says so. */
export function importRowsMarkedImported(rows: readonly ImportReviewRow[], sourceIds: ReadonlySet<string>): ImportReviewRow[] {
  return rows.map((row) => (sourceIds.has(row.source_id) ? { ...row, already_imported: true } : row));
}

export const importRowHasPosition = (row: ImportRow): boolean => row.latitude !== null && row.longitude !== null;
