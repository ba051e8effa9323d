import type { NewRestroomBody } from '../schemas/writes.js';
import { weeklyHoursProblem } from './hours.js';
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
  if (restroom.latitude !== null && restroom.longitude === null) {
    return { field: 'bathroomToAdd.longitude', message: 'A latitude needs a longitude with it.' };
  }
  if (restroom.latitude === null && restroom.longitude !== null) {
    return { field: 'bathroomToAdd.latitude', message: 'A longitude needs a latitude with it.' };
  }
  return body.bathroomHours === null ? null : weeklyHoursProblem(body.bathroomHours, 'bathroomHours');
}
