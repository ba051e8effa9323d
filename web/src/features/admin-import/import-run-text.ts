import type { ImportRun, ImportRunOutcome, ImportSource } from '@allstall/shared';
import { t } from '@/lib/i18n/i18n';
import type { MessageId } from '@/lib/i18n/message-id';

/*
 * The words of the "Import the whole region" section (docs/product-rules.md#imports), pure so they
 * can be tested without a screen. They are said in the active language when called.
 */

// The sources' own names, the same in every language.
// i18n-exempt: proper names
export const IMPORT_SOURCE_NAMES: Record<ImportSource, string> = { osm: 'OpenStreetMap', refuge: 'Refuge Restrooms' };

/** "Rows read 12,345 · New 12,000 · Changed 300 · Unchanged 40 · Refused 5 · Outside the region 0" */
export function importRunCountsText(run: ImportRun): string {
  return t('adminImport.run.countsLine', {
    read: run.rows_read,
    added: run.rows_new,
    changed: run.rows_changed,
    unchanged: run.rows_unchanged,
    refused: run.rows_refused,
    outside: run.rows_outside,
  });
}

const STATUS_MESSAGES: Record<ImportRun['status'], MessageId> = {
  running: 'adminImport.run.status.running',
  stopped: 'adminImport.run.status.stopped',
  done: 'adminImport.run.status.done',
  failed: 'adminImport.run.status.failed',
};

/** Where the run stands, in a sentence. */
export function importRunStatusText(run: ImportRun): string {
  return t(STATUS_MESSAGES[run.status], { source: IMPORT_SOURCE_NAMES[run.source] });
}

/** "Tile 5 of 30" or "Page 2 of 700"; null while the total is not known. */
export function importRunStepsText(run: ImportRun): string | null {
  if (run.steps_total === null) return null;
  const values = { done: Math.min(run.steps_done, run.steps_total), total: run.steps_total };
  return run.source === 'osm' ? t('adminImport.run.stepsTile', values) : t('adminImport.run.stepsPage', values);
}

const OUTCOME_MESSAGES: Record<ImportRunOutcome, MessageId> = {
  new: 'adminImport.run.outcome.new',
  changed: 'adminImport.run.outcome.changed',
  unchanged: 'adminImport.run.outcome.unchanged',
  refused: 'adminImport.run.outcome.refused',
};

/** An outcome's name in the active language: "New", "Refused". */
export const importRunOutcomeText = (outcome: ImportRunOutcome): string => t(OUTCOME_MESSAGES[outcome]);

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
