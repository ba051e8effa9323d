import { nearestRestrooms, type LatLng, type Restroom } from '@allstall/shared';

export type ListedRestroom = Restroom & { distance: number | null };

/** The public view: the feed only sends visible rows, but a stale mirror row must not surface either. */
export function restroomIsVisible(restroom: Restroom): boolean {
  return restroom.status === 'approved' && !restroom.is_removed;
}

/**
 * Nearest first from `origin`; listings without coordinates cannot be measured, so they follow in
 * name order rather than vanish (someone may still know the place by name).
 */
export function orderRestrooms(rows: readonly Restroom[], origin: LatLng): ListedRestroom[] {
  const visible = rows.filter(restroomIsVisible);
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
