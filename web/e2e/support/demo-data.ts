import { readFileSync } from 'node:fs';
import { DEFAULT_REGION, nearestRestrooms, type LatLng } from '@allstall/shared';

interface DemoListing {
  name: string;
  latitude: number | null;
  longitude: number | null;
  is_removed: boolean;
  unisex: boolean;
  accessible: boolean;
  changing_table: boolean;
  is_single_stall: boolean;
}

/** The demo listings nearest the default list origin, computed independently of the app. */
export function demoNearestToDefaultOrigin(k: number): Array<DemoListing & { distance: number }> {
  return demoNearestTo(DEFAULT_REGION.listOrigin, k);
}

/** The demo listings nearest `origin`, computed independently of the app. */
export function demoNearestTo(origin: LatLng, k: number): Array<DemoListing & { distance: number }> {
  const listings = JSON.parse(
    readFileSync(new URL('../../../api/seed/mn-restrooms.json', import.meta.url), 'utf8'),
  ) as DemoListing[];
  return nearestRestrooms(listings.filter((l) => !l.is_removed), origin, k);
}
