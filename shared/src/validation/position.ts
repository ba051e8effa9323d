import { writeProblem, type WriteProblem } from './writes.js';

/** Where a form keeps a position's two numbers, for naming the one that is missing. */
export interface PositionFields {
  latitude: string;
  longitude: string;
}

/** A position is both coordinates or neither: half a point cannot be put on a map. */
export function positionProblem(
  position: { latitude: number | null; longitude: number | null },
  fields: PositionFields,
): WriteProblem | null {
  if (position.latitude !== null && position.longitude === null) {
    return writeProblem(fields.longitude, 'position.latitudeNeedsLongitude');
  }
  if (position.latitude === null && position.longitude !== null) {
    return writeProblem(fields.latitude, 'position.longitudeNeedsLatitude');
  }
  return null;
}
