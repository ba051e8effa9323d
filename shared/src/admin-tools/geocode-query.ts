import { restroomDistanceMilesExact } from '../geo/distance.js';
import { insideAnyBox } from '../imports/import-tiles.js';
import type { Region } from '../region.js';
import type { LatLng } from '../schemas/config.js';
import type { Restroom } from '../schemas/restroom.js';

/**
 * How far from the region's centre a geocoded position may lie and still be believed. A bare
 * "100 Main St" matches towns across the country; a restroom of this deployment lies in its region.
 */
const GEOCODE_MAX_MILES_FROM_REGION = 50;

/**
 * The text to geocode a restroom by: its street and city, or its name and city where the street is
 * blank (a place name such as "Walker Art Center" is what a geocoder knows best then). The state is
 * left out: the search is biased to the region and its answer must lie there (`isInRegion`), while
 * state abbreviations trip some geocoders. Null when there is nothing to look up.
 */
export function geocodeQueryOf(restroom: Pick<Restroom, 'name' | 'street' | 'city'>): string | null {
  const street = restroom.street.trim();
  const lead = street === '' ? restroom.name.trim() : street;
  if (lead === '') return null;
  return [lead, restroom.city.trim()].filter((part) => part !== '').join(', ');
}

/**
 * Whether a geocoded position lies in the region, so it may be stored for a restroom there: inside
 * one of its import boxes (a state or a country is far wider than any distance from its centre),
 * or within GEOCODE_MAX_MILES_FROM_REGION of its map centre (a city's suburbs beyond its limits).
 */
export function isInRegion(position: LatLng, region: Pick<Region, 'mapCenter' | 'importBoxes'>): boolean {
  if (insideAnyBox(region.importBoxes, position)) return true;
  return restroomDistanceMilesExact(region.mapCenter, position) <= GEOCODE_MAX_MILES_FROM_REGION;
}
