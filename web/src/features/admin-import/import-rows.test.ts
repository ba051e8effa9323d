import { describe, expect, it } from 'vitest';
import type { ImportReviewRow } from '@allstall/shared';
import { importBatches, importResultsAdded, importRowOf, importRowsMarkedImported, importRowsMerged } from './import-rows';
import { makeImportReviewRow } from './import-test-rows';

describe('importRowsMerged', () => {
  it('appends a new page after the rows already loaded', () => {
    const first = [makeImportReviewRow({ source_id: '1' }), makeImportReviewRow({ source_id: '2' })];
    const second = [makeImportReviewRow({ source_id: '3' })];
    expect(importRowsMerged(first, second).map((row) => row.source_id)).toEqual(['1', '2', '3']);
  });

  it('keeps a listing once, in its first place, with its newer copy', () => {
    const first = [makeImportReviewRow({ source_id: '1', name: 'Old name' }), makeImportReviewRow({ source_id: '2' })];
    const again = [makeImportReviewRow({ source_id: '1', name: 'New name' })];
    const merged = importRowsMerged(first, again);
    expect(merged.map((row: ImportReviewRow) => [row.source_id, row.name])).toEqual([
      ['1', 'New name'],
      ['2', first[1]!.name],
    ]);
  });
});

describe('importRowOf', () => {
  it('drops what the server added for the review, keeping every listing field', () => {
    const review = makeImportReviewRow({ already_imported: true, restroom_id: '00000000-0000-7000-8000-000000000001' });
    const row = importRowOf(review);
    expect(row).not.toHaveProperty('already_imported');
    expect(row).not.toHaveProperty('restroom_id');
    expect(row).toEqual({ ...row, source_id: review.source_id, name: review.name, latitude: review.latitude });
  });
});

describe('importBatches', () => {
  it('cuts the rows into batches of at most the given size', () => {
    expect(importBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(importBatches([], 2)).toEqual([]);
  });
});

describe('importResultsAdded', () => {
  it('adds the counts and lists the rows without coordinates of both', () => {
    const a = { inserted: 1, updated: 2, unchanged: 3, withoutCoordinates: [{ source_id: '1', name: 'A' }] };
    const b = { inserted: 10, updated: 0, unchanged: 1, withoutCoordinates: [{ source_id: '9', name: 'B' }] };
    expect(importResultsAdded(a, b)).toEqual({
      inserted: 11,
      updated: 2,
      unchanged: 4,
      withoutCoordinates: [
        { source_id: '1', name: 'A' },
        { source_id: '9', name: 'B' },
      ],
    });
  });
});

describe('importRowsMarkedImported', () => {
  it('marks only the rows that were sent', () => {
    const rows = [makeImportReviewRow({ source_id: '1' }), makeImportReviewRow({ source_id: '2' })];
    expect(importRowsMarkedImported(rows, new Set(['2'])).map((row) => row.already_imported)).toEqual([false, true]);
  });
});
