import type { ImportRun, ImportRunOutcome, ImportSource } from '@allstall/shared';

/*
 * The words of the "Import the whole region" section (docs/product-rules.md#imports), pure so they
 * can be tested without a screen.
 */

export const IMPORT_SOURCE_NAMES: Record<ImportSource, string> = { osm: 'OpenStreetMap', refuge: 'Refuge Restrooms' };

const count = (value: number) => value.toLocaleString('en-US');

/** "Rows read 12,345 · New 12,000 · Changed 300 · Unchanged 40 · Refused 5 · Outside the region 0" */
export function importRunCountsText(run: ImportRun): string {
  return [
    `Rows read ${count(run.rows_read)}`,
    `New ${count(run.rows_new)}`,
    `Changed ${count(run.rows_changed)}`,
    `Unchanged ${count(run.rows_unchanged)}`,
    `Refused ${count(run.rows_refused)}`,
    `Outside the region ${count(run.rows_outside)}`,
  ].join(' · ');
}

/** Where the run stands, in a sentence. */
export function importRunStatusText(run: ImportRun): string {
  const source = IMPORT_SOURCE_NAMES[run.source];
  switch (run.status) {
    case 'running':
      return `Importing from ${source}…`;
    case 'stopped':
      return `The import from ${source} is stopped.`;
    case 'done':
      return `The import from ${source} is finished.`;
    case 'failed':
      return `The import from ${source} failed.`;
  }
}

/** "Tile 5 of 30" or "Page 2 of 700"; null while the total is not known. */
export function importRunStepsText(run: ImportRun): string | null {
  if (run.steps_total === null) return null;
  const step = run.source === 'osm' ? 'Tile' : 'Page';
  return `${step} ${count(Math.min(run.steps_done, run.steps_total))} of ${count(run.steps_total)} done`;
}

export const IMPORT_RUN_OUTCOME_NAMES: Record<ImportRunOutcome, string> = {
  new: 'New',
  changed: 'Changed',
  unchanged: 'Unchanged',
  refused: 'Refused',
};

/** How many pages `total` rows fill, at least one. */
export function pageCountOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** One page of a list shown a page at a time, the page clamped to those there are. */
export function pageOf<T>(rows: readonly T[], page: number, perPage: number): { rows: T[]; page: number; pages: number } {
  const pages = pageCountOf(rows.length, perPage);
  const shown = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((shown - 1) * perPage, shown * perPage), page: shown, pages };
}
