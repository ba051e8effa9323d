/*
 * Which of the tile server's tiles the saved pack draws instead (docs/map-pack.md#drawing-the-pack).
 * `pmtiles extract --bbox` keeps every tile that overlaps the box at every zoom it keeps, and the
 * pack's layer asks for exactly those (Leaflet's `bounds`, an overlap of some area); the tile server
 * is asked for every other tile and none of these, so a pack saves data online too.
 */

export interface TileCoords {
  z: number;
  x: number;
  y: number;
}

/** West, south, east, north in degrees. */
export type Box = readonly [number, number, number, number];

const lonOf = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const latOf = (y: number, z: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;

/** The tile's own box in degrees (web mercator: north is the tile's top edge). */
export function tileBox({ z, x, y }: TileCoords): Box {
  return [lonOf(x, z), latOf(y + 1, z), lonOf(x + 1, z), latOf(y, z)];
}

/** Whether the pack draws this tile: at one of its zooms or deeper, over an area it covers. */
export function packDrawsTile(coords: TileCoords, pack: { box: Box; minZoom: number }): boolean {
  if (coords.z < pack.minZoom) return false;
  const [west, south, east, north] = tileBox(coords);
  const [packWest, packSouth, packEast, packNorth] = pack.box;
  return west < packEast && east > packWest && south < packNorth && north > packSouth;
}
