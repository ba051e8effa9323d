import type { AccessValue, AmenityValue } from '../restrooms/listing-fields.js';
import type { NewRestroom, NewRestroomBody } from '../schemas/writes.js';
import { weeklyHoursProblem } from './hours.js';
import { positionProblem } from './position.js';
import { writeProblem, type WriteProblem } from './writes.js';

/**
 * 'Add more info here:' beyond its schema: Name* and Address* must hold more than whitespace, a
 * position needs both coordinates (or neither), and the hours must read as a timetable
 * (`weeklyHoursProblem`). The form and the server check the same rules.
 */
export function newRestroomProblem(body: NewRestroomBody): WriteProblem | null {
  const restroom = body.bathroomToAdd;
  if (restroom.name.trim() === '') return writeProblem('bathroomToAdd.name', 'listing.nameRequired');
  if (restroom.formatted_address.trim() === '') {
    return writeProblem('bathroomToAdd.formatted_address', 'listing.addressRequired');
  }
  const position = positionProblem(restroom, { latitude: 'bathroomToAdd.latitude', longitude: 'bathroomToAdd.longitude' });
  if (position !== null) return position;
  return body.bathroomHours === null ? null : weeklyHoursProblem(body.bathroomHours, 'bathroomHours');
}

/**
 * Who may use a new restroom: its `access` when the app sent one. An app from before `access` sent
 * only the yes/no `is_public`, where an unticked box meant nobody had said, not "private": true is
 * 'public', anything else unknown (docs/product-rules.md#adding-a-restroom).
 */
export function newRestroomAccess(restroom: Pick<NewRestroom, 'access' | 'is_public'>): AccessValue {
  if (restroom.access !== undefined) return restroom.access;
  return restroom.is_public === true ? 'public' : null;
}

/** Menstrual products as stored: an app from before the field sent none, which is unknown. */
export function newRestroomMenstrualProducts(restroom: Pick<NewRestroom, 'menstrual_products'>): AmenityValue {
  return restroom.menstrual_products ?? null;
}
