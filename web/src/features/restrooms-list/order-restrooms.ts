import { nearestRestrooms, restroomIsPublic, type LatLng, type Restroom } from '@allstall/shared';

export type ListedRestroom = Restroom & { distance: number | null };

/**
 * Nearest first from `origin`; listings without coordinates cannot be measured, so they follow in
 * name order rather than vanish (someone may still know the place by name).
 */
export function orderRestrooms(rows: readonly Restroom[], origin: LatLng): ListedRestroom[] {
  // The feed only sends public rows, but a stale mirror row must not surface either.
  const visible = rows.filter(restroomIsPublic);
  const measured = nearestRestrooms(visible, origin);
  const unplaced = visible
    .filter((row) => row.latitude === null || row.longitude === null)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((row) => ({ ...row, distance: null }));
  return [...measured, ...unplaced];
}

export function distanceText(miles: number): string {
  return `${miles.toFixed(2)} mi`;
}
