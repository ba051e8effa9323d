import type { ImportBody, ImportRow, ImportSource } from '../schemas/imports.js';
import { weeklyHoursProblem } from '../validation/hours.js';
import { positionProblem } from '../validation/position.js';
import { writeProblem, type WriteProblem } from '../validation/writes.js';
import { cleanLine } from './clean-text.js';

/** What each source's listing ids look like: Refuge's `edit_id`, or an OpenStreetMap element. */
const SOURCE_ID_PATTERNS: Readonly<Record<ImportSource, { pattern: RegExp; code: 'import.refugeSourceId' | 'import.osmSourceId' }>> = {
  refuge: { pattern: /^[1-9]\d{0,14}$/, code: 'import.refugeSourceId' },
  osm: { pattern: /^(node|way|relation)\/[1-9]\d{0,14}$/, code: 'import.osmSourceId' },
};

/**
 * What is wrong with an import beyond its schema, naming the row's field (`rows.3.source_id`):
 * a source id that is not the source's kind, the same listing twice, a name that cleans away to
 * nothing, half a position, hours that do not read as a timetable, or a date the server cannot
 * read. The importers' own rows always pass; this guards what is sent back.
 */
export function importProblem(body: ImportBody): WriteProblem | null {
  const { pattern, code } = SOURCE_ID_PATTERNS[body.source];
  const seen = new Set<string>();
  for (const [index, row] of body.rows.entries()) {
    const at = `rows.${index}`;
    if (!pattern.test(row.source_id)) return writeProblem(`${at}.source_id`, code, { field: `${at}.source_id` });
    if (seen.has(row.source_id)) return writeProblem(`${at}.source_id`, 'import.duplicateSourceId', { sourceId: row.source_id });
    seen.add(row.source_id);
    if (cleanLine(row.name) === '') {
      return writeProblem(`${at}.name`, 'import.nameBlank', { field: `${at}.name` });
    }
    const problem =
      positionProblem(row, { latitude: `${at}.latitude`, longitude: `${at}.longitude` }) ??
      (row.hours === null ? null : weeklyHoursProblem(row.hours, `${at}.hours`)) ??
      unreadableDateProblem(row, at);
    if (problem !== null) return problem;
  }
  return null;
}

/**
 * The date-time format lets a leap second through (23:59:60), but JavaScript cannot read one, and
 * the server stores dates as epoch milliseconds; the importers only ever send dates it can read.
 */
function unreadableDateProblem(row: ImportRow, at: string): WriteProblem | null {
  for (const field of ['created_at', 'updated_at'] as const) {
    const text = row[field];
    if (text !== null && Number.isNaN(Date.parse(text))) {
      return writeProblem(`${at}.${field}`, 'import.dateUnreadable', { field: `${at}.${field}` });
    }
  }
  return null;
}
