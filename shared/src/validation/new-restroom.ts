import type { NewRestroomBody } from '../schemas/writes.js';
import { weeklyHoursProblem } from './hours.js';
import { positionProblem } from './position.js';
import type { WriteProblem } from './writes.js';

/**
 * 'Add more info here:' beyond its schema: Name* and Address* must hold more than whitespace, a
 * position needs both coordinates (or neither), and the hours must read as a timetable
 * (`weeklyHoursProblem`). The form and the server check the same rules.
 */
export function newRestroomProblem(body: NewRestroomBody): WriteProblem | null {
  const restroom = body.bathroomToAdd;
  if (restroom.name.trim() === '') return { field: 'bathroomToAdd.name', message: 'Name is required.' };
  if (restroom.formatted_address.trim() === '') {
    return { field: 'bathroomToAdd.formatted_address', message: 'Address is required.' };
  }
  const position = positionProblem(restroom, { latitude: 'bathroomToAdd.latitude', longitude: 'bathroomToAdd.longitude' });
  if (position !== null) return position;
  return body.bathroomHours === null ? null : weeklyHoursProblem(body.bathroomHours, 'bathroomHours');
}
