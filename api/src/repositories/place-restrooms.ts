import type { LatLng } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { restroomIsVisible, selectRestrooms, type RestroomRow } from './restrooms.js';

const METERS_PER_DEGREE_LATITUDE = 111_000;

/**
 * Visible restrooms that could be this place: stored with its place id, or inside a box a little
 * wider than `radiusMeters` around it (the caller measures the exact distance). A box keeps the
 * query plain SQL on both engines.
 */
export async function listVisibleRestroomRowsAroundPlace(
  db: Kysely<Database>,
  placeId: string,
  { lat, lng }: LatLng,
  radiusMeters: number,
): Promise<RestroomRow[]> {
  const latDelta = (radiusMeters * 1.5) / METERS_PER_DEGREE_LATITUDE;
  const lngDelta = latDelta / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  return selectRestrooms(db)
    .where(restroomIsVisible)
    .where((eb) =>
      eb.or([
        eb('restrooms.place_id', '=', placeId),
        eb.and([
          eb('restrooms.latitude', '>=', lat - latDelta),
          eb('restrooms.latitude', '<=', lat + latDelta),
          eb('restrooms.longitude', '>=', lng - lngDelta),
          eb('restrooms.longitude', '<=', lng + lngDelta),
        ]),
      ]),
    )
    .execute();
}
