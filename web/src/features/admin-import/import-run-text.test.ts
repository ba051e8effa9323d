import { describe, expect, it } from 'vitest';
import { importRunCountsText, importRunStatusText, importRunStepsText, pageOf } from './import-run-text';
import { makeImportRun } from './import-test-rows';

describe('import run text', () => {
  it('says every count, with thousands separated', () => {
    const run = makeImportRun({ rows_read: 12_345, rows_new: 12_000, rows_changed: 300, rows_unchanged: 40, rows_refused: 5 });
    expect(importRunCountsText(run)).toBe('Rows read 12,345 · New 12,000 · Changed 300 · Unchanged 40 · Refused 5 · Outside the region 0');
  });

  it('names the steps by source, and says nothing while the total is unknown', () => {
    expect(importRunStepsText(makeImportRun({ source: 'osm', steps_done: 5, steps_total: 30 }))).toBe('Tile 5 of 30 done');
    expect(importRunStepsText(makeImportRun({ source: 'refuge', steps_done: 2, steps_total: 700 }))).toBe('Page 2 of 700 done');
    expect(importRunStepsText(makeImportRun({ source: 'refuge', steps_done: 0, steps_total: null }))).toBeNull();
  });

  it('says where a run stands', () => {
    expect(importRunStatusText(makeImportRun({ status: 'stopped' }))).toBe('The import from OpenStreetMap is stopped.');
    expect(importRunStatusText(makeImportRun({ source: 'refuge', status: 'done' }))).toBe('The import from Refuge Restrooms is finished.');
  });
});

describe('pageOf', () => {
  it('gives one page of rows and how many pages there are, clamping the page asked for', () => {
    const rows = Array.from({ length: 250 }, (_, index) => index);
    expect(pageOf(rows, 3, 100)).toEqual({ rows: rows.slice(200), page: 3, pages: 3 });
    expect(pageOf(rows, 9, 100).page).toBe(3);
    expect(pageOf([], 1, 100)).toEqual({ rows: [], page: 1, pages: 1 });
  });
});
