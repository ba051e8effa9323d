import { distanceText as distanceInUnitsText, type DistanceUnits, type Restroom } from '@allstall/shared';

/** A row of the list: a restroom with its distance in miles (2 decimals), or null when it has no position. */
export type ListedRestroom = Restroom & { distance: number | null };

/** A row's distance as the screens show it: "0.42 mi", or "0.68 km" where the region counts in kilometres. */
export function distanceText(miles: number, units: DistanceUnits): string {
  return distanceInUnitsText(miles, units);
}
