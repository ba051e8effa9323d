import type { ImportBody, ImportRow, ImportSource } from '../schemas/imports.js';
import { weeklyHoursProblem } from '../validation/hours.js';
import { positionProblem } from '../validation/position.js';
import type { WriteProblem } from '../validation/writes.js';
import { cleanLine } from './clean-text.js';

/**
 * What each source's listing ids look like: Refuge's `edit_id`, or an OpenStreetMap element. Each
 * problem has a code too, with its values, so a client can say it in another language.
 */
const SOURCE_ID_PATTERNS: Readonly<Record<ImportSource, { pattern: RegExp; what: string; code: string }>> = {
  refuge: { pattern: /^[1-9]\d{0,14}$/, what: 'a Refuge listing id (its edit_id)', code: 'import.sourceIdNotRefuge' },
  osm: { pattern: /^(node|way|relation)\/[1-9]\d{0,14}$/, what: 'an OpenStreetMap element such as node/123', code: 'import.sourceIdNotOsm' },
};

/**
 * What is wrong with an import beyond its schema, naming the row's field (`rows.3.source_id`):
 * a source id that is not the source's kind, the same listing twice, a name that cleans away to
 * nothing, half a position, hours that do not read as a timetable, or a date the server cannot
 * read. The importers' own rows always pass; this guards what is sent back.
 */
export function importProblem(body: ImportBody): WriteProblem | null {
  const { pattern, what, code } = SOURCE_ID_PATTERNS[body.source];
  const seen = new Set<string>();
  for (const [index, row] of body.rows.entries()) {
    const at = `rows.${index}`;
    const sourceIdField = `${at}.source_id`;
    if (!pattern.test(row.source_id)) return { field: sourceIdField, message: `${sourceIdField} must be ${what}.`, code, params: { field: sourceIdField } };
    if (seen.has(row.source_id)) {
      return { field: sourceIdField, message: `${row.source_id} is in the import twice.`, code: 'import.duplicateListing', params: { sourceId: row.source_id } };
    }
    seen.add(row.source_id);
    if (cleanLine(row.name) === '') {
      const field = `${at}.name`;
      return { field, message: `${field} must have something to read, not only spaces or invisible marks.`, code: 'import.nameBlank', params: { field } };
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
      const named = `${at}.${field}`;
      return { field: named, message: `${named} must be a date and time such as 2019-06-14T17:20:31Z.`, code: 'import.dateUnreadable', params: { field: named } };
    }
  }
  return null;
}
