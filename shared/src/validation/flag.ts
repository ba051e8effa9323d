import type { FlagBody } from '../schemas/writes.js';
import { weeklyHoursProblem } from './hours.js';
import { writeProblem, type WriteProblem } from './writes.js';

/**
 * A suggestion must still describe a restroom, unless it says the place is closed for good (then the
 * other fields are disabled in the dialog and only the closure matters). Proposed hours are checked
 * as a new restroom's are, named `hours.INDEX` with the day in the words; a malformed week is never
 * stored, closure or not.
 */
export function flagProblem(body: FlagBody): WriteProblem | null {
  const hoursProblem = body.hours === undefined || body.hours === null ? null : weeklyHoursProblem(body.hours, 'hours');
  if (hoursProblem) return hoursProblem;
  if (body.is_closed) return null;
  if (body.name.trim() === '') return writeProblem('name', 'listing.nameRequired');
  return null;
}
