import type { Place } from '../schemas/places.js';
import { restroomDistanceMilesExact } from '../geo/distance.js';

/** How close a listed restroom must be to a place to be the same one, given a similar name. */
export const SAME_PLACE_RADIUS_METERS = 30;

const METERS_PER_MILE = 1609.344;

/** Words that say nothing about which place it is ("The Walker Art Center Restroom" is the Walker Art Center). */
const FILLER_WORDS = new Set(['the', 'a', 'an', 'and', 'of', 'at', 'restroom', 'restrooms', 'bathroom', 'bathrooms', 'toilet', 'toilets']);

/** The words of a name, ignoring case, accents, apostrophes ("Brit's" is "Brits"), punctuation and filler words. */
function nameWords(name: string): Set<string> {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
  return new Set(plain.split(' ').filter((word) => word !== '' && !FILLER_WORDS.has(word)));
}

/**
 * Whether two names plausibly name the same place: every word of one is in the other ("Caribou
 * Coffee" and "Caribou Coffee - Nicollet Mall"), or more than half of the longer one's words are
 * shared. A name with no telling words matches nothing.
 */
export function placeNamesAreSimilar(a: string, b: string): boolean {
  const wordsA = nameWords(a);
  const wordsB = nameWords(b);
  if (wordsA.size === 0 || wordsB.size === 0) return false;
  const shared = [...wordsA].filter((word) => wordsB.has(word)).length;
  return shared === Math.min(wordsA.size, wordsB.size) || shared / Math.max(wordsA.size, wordsB.size) > 0.5;
}

/** What a listed restroom needs for the comparison. */
export interface PlaceCandidate {
  place_id: string | null;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The listed restroom that is this place: the one stored with its place id, else the nearest one
 * within SAME_PLACE_RADIUS_METERS whose name is similar. Undefined when there is none, so the place
 * can be added.
 */
export function restroomAtPlace<T extends PlaceCandidate>(
  place: Pick<Place, 'place_id' | 'name' | 'geometry'>,
  restrooms: readonly T[],
): T | undefined {
  const samePlaceId = restrooms.find((restroom) => restroom.place_id === place.place_id);
  if (samePlaceId !== undefined) return samePlaceId;
  let nearest: { restroom: T; meters: number } | undefined;
  for (const restroom of restrooms) {
    if (restroom.latitude === null || restroom.longitude === null) continue;
    const meters =
      restroomDistanceMilesExact(place.geometry.location, { lat: restroom.latitude, lng: restroom.longitude }) * METERS_PER_MILE;
    if (meters > SAME_PLACE_RADIUS_METERS || !placeNamesAreSimilar(place.name, restroom.name)) continue;
    if (nearest === undefined || meters < nearest.meters) nearest = { restroom, meters };
  }
  return nearest?.restroom;
}
