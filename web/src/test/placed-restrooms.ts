import type { ListedRestroom } from '../lib/restrooms/listed-restroom';
import type { PlacedRestroom, PlacedRestrooms } from '../lib/restrooms/placed-restrooms';

const isPlaced = (restroom: ListedRestroom): restroom is PlacedRestroom => restroom.latitude !== null && restroom.longitude !== null;

/**
 * The map's view of a few listed restrooms given whole, distances and all, for tests of the map
 * itself; /bathrooms hands it the list's own columns (NearestList), tested with the page.
 */
export function placedRestroomsOf(restrooms: readonly ListedRestroom[]): PlacedRestrooms {
  const placed = restrooms.filter(isPlaced);
  const columns = {
    length: placed.length,
    latitudes: Float64Array.from(placed, (restroom) => restroom.latitude),
    longitudes: Float64Array.from(placed, (restroom) => restroom.longitude),
  };
  return {
    length: restrooms.length,
    placed: () => columns,
    placedRestroom: (at) => placed[at]!,
    placedWithId: (id) => placed.find((restroom) => restroom.id === id),
  };
}
