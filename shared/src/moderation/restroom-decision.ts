import type { RestroomDecisionBody } from '../schemas/moderation.js';
import { weeklyHoursProblem } from '../validation/hours.js';
import { positionProblem } from '../validation/position.js';
import { writeProblem, type WriteProblem } from '../validation/writes.js';

/**
 * An admin's PATCH of a restroom beyond its schema: a name with more than whitespace, a position sent
 * whole (both coordinates, each a number or both null), and hours that read as a timetable. A street
 * may be blank: imported listings can lack one, and the admin must still be able to fix the rest.
 */
export function restroomDecisionProblem(body: RestroomDecisionBody): WriteProblem | null {
  if (body.name !== undefined && body.name.trim() === '') return writeProblem('name', 'listing.nameRequired');
  if (body.latitude !== undefined && body.longitude === undefined) {
    return writeProblem('longitude', 'position.latitudeNeedsLongitude');
  }
  if (body.latitude === undefined && body.longitude !== undefined) {
    return writeProblem('latitude', 'position.longitudeNeedsLatitude');
  }
  if (body.latitude !== undefined && body.longitude !== undefined) {
    const position = positionProblem({ latitude: body.latitude, longitude: body.longitude }, { latitude: 'latitude', longitude: 'longitude' });
    if (position !== null) return position;
  }
  return body.hours === undefined || body.hours === null ? null : weeklyHoursProblem(body.hours, 'hours');
}
