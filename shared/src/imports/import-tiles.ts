import type { BoundingBox } from '../region.js';
import type { LatLng } from '../schemas/config.js';

/*
 * The tiles a national import asks Overpass for (docs/architecture.md#import-runs): every import box
 * cut on a grid of whole tiles, so a state or a country becomes requests Overpass can answer within
 * its time and memory limits. Pure, so the tile list of a run is the same on every server.
 */

/** The smallest tile worth splitting again: about a kilometre across. */
const IMPORT_TILE_MIN_DEGREES = 0.01;

/** Rounds away the binary noise of adding tile sizes (44.89 + 0.1 = 44.989999…). */
function degrees(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

/**
 * `boxes` cut into tiles at most `size` degrees on a side, row by row from the south-west corner.
 * A box smaller than a tile is one tile of its own size.
 */
export function importTilesOf(boxes: readonly BoundingBox[], size: number): BoundingBox[] {
  if (!(size > 0)) throw new RangeError('a tile size must be a positive number of degrees');
  const tiles: BoundingBox[] = [];
  for (const box of boxes) {
    for (let south = box.south; south < box.north; south = degrees(south + size)) {
      for (let west = box.west; west < box.east; west = degrees(west + size)) {
        tiles.push({ south, west, north: Math.min(degrees(south + size), box.north), east: Math.min(degrees(west + size), box.east) });
      }
    }
  }
  return tiles;
}

/**
 * A tile in four quarters (south-west, south-east, north-west, north-east), for when Overpass found
 * it too big to answer; null once a tile is too small to be worth cutting again.
 */
export function quartersOf(tile: BoundingBox): BoundingBox[] | null {
  const height = tile.north - tile.south;
  const width = tile.east - tile.west;
  if (height < IMPORT_TILE_MIN_DEGREES * 2 && width < IMPORT_TILE_MIN_DEGREES * 2) return null;
  const middleLat = degrees(tile.south + height / 2);
  const middleLng = degrees(tile.west + width / 2);
  return [
    { south: tile.south, west: tile.west, north: middleLat, east: middleLng },
    { south: tile.south, west: middleLng, north: middleLat, east: tile.east },
    { south: middleLat, west: tile.west, north: tile.north, east: middleLng },
    { south: middleLat, west: middleLng, north: tile.north, east: tile.east },
  ];
}

/** Whether a position lies in any of the boxes, edges included. */
export function insideAnyBox(boxes: readonly BoundingBox[], { lat, lng }: LatLng): boolean {
  return boxes.some((box) => lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east);
}
