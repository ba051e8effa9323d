import type { HoursToolBody } from '../schemas/admin-tools.js';
import { writeProblem, type WriteProblem } from '../validation/writes.js';

/**
 * Ids compare as the admin list sorts them (UUIDv7 ids sort by creation), whatever case they were
 * typed in; a range whose end comes before its start holds nothing and is surely a slip.
 */
export function hoursRangeProblem({ minId, maxId }: HoursToolBody): WriteProblem | null {
  if (maxId.toLowerCase() < minId.toLowerCase()) return writeProblem('maxId', 'adminTools.maxBeforeMin');
  return null;
}
