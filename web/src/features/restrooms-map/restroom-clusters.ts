import KDBush from 'kdbush';
import type { LatLng } from '@allstall/shared';
import type { PlacedColumns } from '@/lib/restrooms/placed-restrooms';

export type { PlacedRestroom } from '@/lib/restrooms/placed-restrooms';

/** docs/product-rules.md#map: markers in one 60 px grid cell merge. */
export const CLUSTER_GRID_SIZE_PX = 60;
/** docs/product-rules.md#map: two close restrooms already make a cluster. */
const CLUSTER_MIN_SIZE = 2;
/** docs/product-rules.md#map: a cluster is drawn red when its count exceeds the larger of this and the mean count. */
const CLUSTER_CROWDED_MIN = 10;
/** The deepest zoom OpenStreetMap's tiles go to; nothing is clustered there, so restrooms sharing a building stand apart. */
export const MAP_MAX_ZOOM = 19;
/** Leaflet's tiles: the world is this many pixels wide at zoom 0 and twice as wide at each zoom in. */
const TILE_SIZE_PX = 256;

/** One cell of the grid at one zoom: column and row counted in cells from the world's north-west corner. */
export interface ClusterCell {
  zoom: number;
  column: number;
  row: number;
}

export type MapItem =
  /** `at` is the restroom's entry in the list's PlacedColumns: expanded only because it is drawn. */
  | { kind: 'restroom'; at: number; position: LatLng }
  /** `key` names the cell, so the same cluster keeps its marker across a pan. */
  | { kind: 'cluster'; key: string; cell: ClusterCell; count: number; position: LatLng };

/** West, south, east, north in degrees, as the map reports its visible area. */
export type MapBounds = readonly [number, number, number, number];

export interface RestroomClusters {
  /** What to draw for the visible area at a zoom (rounded to whole): single restrooms and clusters. */
  itemsIn(bounds: MapBounds, zoom: number): MapItem[];
  /** The zoom at which a cluster splits into smaller clusters or single restrooms, at most MAP_MAX_ZOOM. */
  expansionZoom(cell: ClusterCell): number;
}

/** A position in the Web Mercator world as a fraction of its width: 0 to 1 west to east and north to south. */
const worldX = (lng: number) => (Math.min(180, Math.max(-180, lng)) + 180) / 360;
const MAX_LATITUDE = 85.0511287798;
function worldY(lat: number): number {
  const sin = Math.sin((Math.min(MAX_LATITUDE, Math.max(-MAX_LATITUDE, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

const longitudeOf = (x: number) => x * 360 - 180;
const latitudeOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/**
 * How far a cluster may stand from the middle of its cell, in pixels: toward its restrooms, but never
 * so far that two neighbouring clusters (48 px at most, docs/product-rules.md#map) overlap.
 */
const CLUSTER_DRIFT_PX = 6;

/** A grid cell's side as a fraction of the world's width, at a zoom. */
const cellSide = (zoom: number) => CLUSTER_GRID_SIZE_PX / (TILE_SIZE_PX * 2 ** zoom);
/** Points exactly on a cell's edge are asked for with this much room and then sorted by their own cell. */
const EDGE_ROOM = 1e-9;

/**
 * The map's clusters over the list's position columns (docs/product-rules.md#map): one k-d tree of
 * every placed restroom, built once per list (a few tens of milliseconds at 100,000), then per view
 * the points in it are grouped by the 60 px cell of a grid anchored on the world, not on the screen:
 * a cell is the same cell whichever view shows it, so a pan neither moves a cluster nor changes its
 * count, and a cell at one zoom is exactly four at the next, so a cluster splits where it stands.
 * Only the cells in view are counted, and each is counted whole.
 */
export function createRestroomClusters(columns: PlacedColumns): RestroomClusters {
  const { length, latitudes, longitudes } = columns;
  const xs = new Float64Array(length);
  const ys = new Float64Array(length);
  // kdbush needs at least one item; a list without placed restrooms draws nothing.
  const tree = length > 0 ? new KDBush(length, 64, Float64Array) : null;
  for (let at = 0; at < length; at++) {
    xs[at] = worldX(longitudes[at]!);
    ys[at] = worldY(latitudes[at]!);
    tree!.add(xs[at]!, ys[at]!);
  }
  tree?.finish();

  /** The members of the cells from (firstColumn, firstRow) to (lastColumn, lastRow), each with its cell. */
  function inCells(side: number, firstColumn: number, firstRow: number, lastColumn: number, lastRow: number, visit: (at: number, column: number, row: number) => void) {
    if (tree === null) return;
    const found = tree.range(firstColumn * side - EDGE_ROOM, firstRow * side - EDGE_ROOM, (lastColumn + 1) * side + EDGE_ROOM, (lastRow + 1) * side + EDGE_ROOM);
    for (const at of found) {
      const column = Math.floor(xs[at]! / side);
      const row = Math.floor(ys[at]! / side);
      if (column < firstColumn || column > lastColumn || row < firstRow || row > lastRow) continue;
      visit(at, column, row);
    }
  }

  return {
    itemsIn([west, south, east, north], zoomAsked) {
      const zoom = Math.min(MAP_MAX_ZOOM, Math.max(0, Math.round(zoomAsked)));
      const side = cellSide(zoom);
      const firstColumn = Math.floor(worldX(west) / side);
      const lastColumn = Math.floor(worldX(east) / side);
      const firstRow = Math.floor(worldY(north) / side);
      const lastRow = Math.floor(worldY(south) / side);
      const position = (at: number): LatLng => ({ lat: latitudes[at]!, lng: longitudes[at]! });
      // Drawn, and so reached by Tab and read by screen readers, from the middle of the view outward:
      // the restrooms a person looks at first come first, and the pins in the margin kept for a pan last.
      const middleX = (worldX(west) + worldX(east)) / 2;
      const middleY = (worldY(north) + worldY(south)) / 2;
      const fromMiddle = ({ position: { lat, lng } }: MapItem) => (worldX(lng) - middleX) ** 2 + (worldY(lat) - middleY) ** 2;
      const middleFirst = (items: MapItem[]) => items.map((item) => ({ item, away: fromMiddle(item) })).sort((a, b) => a.away - b.away).map(({ item }) => item);
      if (zoom >= MAP_MAX_ZOOM) {
        const apart: MapItem[] = [];
        inCells(side, firstColumn, firstRow, lastColumn, lastRow, (at) => apart.push({ kind: 'restroom', at, position: position(at) }));
        return middleFirst(apart);
      }
      // Per cell: how many, the first member (drawn alone when it is the only one), and sums for the centre.
      const columnsAcross = Math.ceil(1 / side) + 1;
      const cells = new Map<number, { column: number; row: number; count: number; first: number; x: number; y: number }>();
      inCells(side, firstColumn, firstRow, lastColumn, lastRow, (at, column, row) => {
        const key = row * columnsAcross + column;
        const cell = cells.get(key);
        if (cell === undefined) cells.set(key, { column, row, count: 1, first: at, x: xs[at]!, y: ys[at]! });
        else {
          cell.count++;
          cell.x += xs[at]!;
          cell.y += ys[at]!;
        }
      });
      const items: MapItem[] = [];
      const drift = (CLUSTER_DRIFT_PX / CLUSTER_GRID_SIZE_PX) * side;
      const toward = (mean: number, middle: number) => Math.min(middle + drift, Math.max(middle - drift, mean));
      for (const { column, row, count, first, x, y } of cells.values()) {
        if (count < CLUSTER_MIN_SIZE) {
          items.push({ kind: 'restroom', at: first, position: position(first) });
          continue;
        }
        // Near the middle of its cell, toward its restrooms' mean: neighbouring clusters never cover each other.
        const at = { lat: latitudeOf(toward(y / count, (row + 0.5) * side)), lng: longitudeOf(toward(x / count, (column + 0.5) * side)) };
        items.push({ kind: 'cluster', key: `${zoom}/${column}/${row}`, cell: { zoom, column, row }, count, position: at });
      }
      return middleFirst(items);
    },

    expansionZoom({ zoom, column, row }) {
      let west = Infinity;
      let east = -Infinity;
      let north = Infinity;
      let south = -Infinity;
      inCells(cellSide(zoom), column, row, column, row, (at) => {
        west = Math.min(west, xs[at]!);
        east = Math.max(east, xs[at]!);
        north = Math.min(north, ys[at]!);
        south = Math.max(south, ys[at]!);
      });
      // The first zoom at which the members no longer share one cell; at the deepest, nothing clusters.
      for (let deeper = zoom + 1; deeper < MAP_MAX_ZOOM; deeper++) {
        const side = cellSide(deeper);
        if (Math.floor(west / side) !== Math.floor(east / side) || Math.floor(north / side) !== Math.floor(south / side)) return deeper;
      }
      return MAP_MAX_ZOOM;
    },
  };
}

const built = new WeakMap<PlacedColumns, RestroomClusters>();

/** The clusters of these columns, built on first need: lists that share their columns (the same rows from another origin) share them. */
export function restroomClustersOf(columns: PlacedColumns): RestroomClusters {
  let clusters = built.get(columns);
  if (clusters === undefined) {
    clusters = createRestroomClusters(columns);
    built.set(columns, clusters);
  }
  return clusters;
}

/** The count above which a cluster is drawn red: the larger of 10 and the mean of the visible clusters. */
export function clusterCrowdedAbove(visibleCounts: readonly number[]): number {
  if (visibleCounts.length === 0) return CLUSTER_CROWDED_MIN;
  const mean = visibleCounts.reduce((sum, count) => sum + count, 0) / visibleCounts.length;
  return Math.max(CLUSTER_CROWDED_MIN, mean);
}

export function clusterIsCrowded(count: number, crowdedAbove: number): boolean {
  return count > crowdedAbove;
}
