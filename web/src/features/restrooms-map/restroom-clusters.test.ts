import { describe, expect, it } from 'vitest';
import type { LatLng } from '@allstall/shared';
import { seededRandom } from '../../../bench/support/seeded-random';
import type { PlacedColumns } from '@/lib/restrooms/placed-restrooms';
import {
  CLUSTER_GRID_SIZE_PX,
  clusterCrowdedAbove,
  clusterIsCrowded,
  createRestroomClusters,
  MAP_MAX_ZOOM,
  type MapBounds,
  type MapItem,
} from './restroom-clusters';

const columnsOf = (points: readonly LatLng[]): PlacedColumns => ({
  length: points.length,
  latitudes: Float64Array.from(points, (point) => point.lat),
  longitudes: Float64Array.from(points, (point) => point.lng),
});

/** The world's width in screen pixels at a zoom, for 256 px tiles. */
const worldPixels = (zoom: number) => 256 * 2 ** zoom;
/** The point at world pixel (x, y) at a zoom: what Leaflet draws there. */
function atPixel(x: number, y: number, zoom: number): LatLng {
  const lng = (x / worldPixels(zoom)) * 360 - 180;
  const mercator = Math.PI * (1 - (2 * y) / worldPixels(zoom));
  return { lat: (Math.atan(Math.sinh(mercator)) * 180) / Math.PI, lng };
}
/** The world pixel of a point at a zoom. */
function pixelOf({ lat, lng }: LatLng, zoom: number): { x: number; y: number } {
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: ((lng + 180) / 360) * worldPixels(zoom), y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldPixels(zoom) };
}

const ZOOM = 15;
/** The corner of a grid cell near downtown Minneapolis at zoom 15, in world pixels. */
const CELL = CLUSTER_GRID_SIZE_PX;
const corner = { x: Math.floor(pixelOf({ lat: 44.97, lng: -93.27 }, ZOOM).x / CELL) * CELL, y: Math.floor(pixelOf({ lat: 44.97, lng: -93.27 }, ZOOM).y / CELL) * CELL };
const inCell = (column: number, row: number, dx: number, dy: number) => atPixel(corner.x + column * CELL + dx, corner.y + row * CELL + dy, ZOOM);
const MINNEAPOLIS: MapBounds = [-93.4, 44.9, -93.1, 45.1];

const counted = (items: readonly MapItem[]) => items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0);
const clusters = (items: readonly MapItem[]) => items.flatMap((item) => (item.kind === 'cluster' ? [item] : []));

describe('createRestroomClusters', () => {
  it('merges the restrooms of one 60 px cell, however close to its edges, and leaves a lone one as itself', () => {
    // 58 px apart inside one cell; the third just across the cell's edge from the second, 2 px away.
    const index = createRestroomClusters(columnsOf([inCell(0, 0, 1, 30), inCell(0, 0, 59, 30), inCell(1, 0, 1, 30)]));

    const items = index.itemsIn(MINNEAPOLIS, ZOOM);

    expect(items).toHaveLength(2);
    expect(clusters(items)).toEqual([expect.objectContaining({ count: 2 })]);
    expect(items.find((item) => item.kind === 'restroom')).toMatchObject({ kind: 'restroom', at: 2 });
  });

  it('needs two restrooms for a cluster: one per cell is drawn as itself', () => {
    const index = createRestroomClusters(columnsOf([inCell(0, 0, 30, 30), inCell(1, 0, 30, 30), inCell(0, 1, 30, 30)]));
    expect(index.itemsIn(MINNEAPOLIS, ZOOM).map((item) => item.kind)).toEqual(['restroom', 'restroom', 'restroom']);
  });

  it('counts every restroom of the cells in view exactly once, and none of what lies outside them', () => {
    const random = seededRandom(7);
    const points = Array.from({ length: 3000 }, () => ({ lat: 44.8 + random() * 0.4, lng: -93.5 + random() * 0.6 }));
    const index = createRestroomClusters(columnsOf(points));
    const view: MapBounds = [-93.3, 44.95, -93.2, 45.0];

    for (const zoom of [11, 13, 14, 16]) {
      const items = index.itemsIn(view, zoom);
      // Whole cells: a cell the view's edge crosses is counted with all its restrooms.
      const side = CLUSTER_GRID_SIZE_PX;
      const [west, south, east, north] = view;
      const first = pixelOf({ lat: north, lng: west }, zoom);
      const last = pixelOf({ lat: south, lng: east }, zoom);
      const inView = points.filter((point) => {
        const { x, y } = pixelOf(point, zoom);
        return Math.floor(x / side) >= Math.floor(first.x / side) && Math.floor(x / side) <= Math.floor(last.x / side) && Math.floor(y / side) >= Math.floor(first.y / side) && Math.floor(y / side) <= Math.floor(last.y / side);
      });
      expect(counted(items)).toBe(inView.length);
      const singles = items.flatMap((item) => (item.kind === 'restroom' ? [item.at] : []));
      expect(new Set(singles).size).toBe(singles.length);
      expect(clusters(items).every((cluster) => cluster.count >= 2)).toBe(true);
    }
    expect(index.itemsIn([-80, 30, -79, 31], 13)).toEqual([]);
  });

  it('keeps each cluster where it is, with the same count, while the map pans', () => {
    const random = seededRandom(11);
    const points = Array.from({ length: 2000 }, () => ({ lat: 44.9 + random() * 0.15, lng: -93.35 + random() * 0.2 }));
    const index = createRestroomClusters(columnsOf(points));
    const before = index.itemsIn([-93.3, 44.95, -93.25, 44.99], 14);
    // A pan of a few pixels, then of half the view.
    for (const after of [index.itemsIn([-93.299, 44.951, -93.249, 44.991], 14), index.itemsIn([-93.275, 44.96, -93.225, 45.0], 14)]) {
      const shared = clusters(after).filter((cluster) => clusters(before).some((other) => other.key === cluster.key));
      expect(shared.length).toBeGreaterThan(0);
      for (const cluster of shared) expect(clusters(before).find((other) => other.key === cluster.key)).toEqual(cluster);
    }
  });

  it('zooms a cluster in just far enough that it splits, where it stands', () => {
    const random = seededRandom(3);
    const points = Array.from({ length: 500 }, () => ({ lat: 44.95 + random() * 0.05, lng: -93.3 + random() * 0.05 }));
    // Apart from the rest, two restrooms across a street from each other: they split only at a close zoom.
    points.push({ lat: 45.05, lng: -93.2 }, { lat: 45.05004, lng: -93.20004 });
    const index = createRestroomClusters(columnsOf(points));
    const expansions: number[] = [];

    for (const cluster of clusters(index.itemsIn(MINNEAPOLIS, 13))) {
      const zoom = index.expansionZoom(cluster.cell);
      expansions.push(zoom);
      expect(zoom).toBeGreaterThan(13);
      // Its members at that zoom: the cells it holds, in a view around it.
      const around = (at: number): MapBounds => {
        const span = 0.5 * 2 ** (13 - at);
        return [cluster.position.lng - span, cluster.position.lat - span, cluster.position.lng + span, cluster.position.lat + span];
      };
      const within = (items: readonly MapItem[], at: number) => items.filter((item) => isMember(item, cluster.cell, at));
      const split = within(index.itemsIn(around(zoom), zoom), zoom);
      expect(split.length).toBeGreaterThan(1);
      expect(counted(split)).toBe(cluster.count);
      if (zoom > 14) expect(within(index.itemsIn(around(zoom - 1), zoom - 1), zoom - 1)).toEqual([expect.objectContaining({ kind: 'cluster', count: cluster.count })]);
    }
    expect(Math.max(...expansions)).toBeGreaterThan(15);
  });

  it('draws restrooms sharing one spot apart only at the deepest zoom', () => {
    const spot = { lat: 44.9733, lng: -93.2775 };
    const index = createRestroomClusters(columnsOf([spot, spot, spot]));
    const view: MapBounds = [-93.278, 44.973, -93.277, 44.974];

    const [cluster] = index.itemsIn(view, MAP_MAX_ZOOM - 1);
    expect(cluster).toMatchObject({ kind: 'cluster', count: 3 });
    if (cluster?.kind !== 'cluster') throw new Error('expected a cluster');
    expect(index.expansionZoom(cluster.cell)).toBe(MAP_MAX_ZOOM);
    expect(index.itemsIn(view, MAP_MAX_ZOOM).map((item) => item.kind)).toEqual(['restroom', 'restroom', 'restroom']);
  });

  it('draws from the middle of the view outward, so Tab and a screen reader reach the restrooms in view before those in the margin', () => {
    const random = seededRandom(7);
    const points = Array.from({ length: 400 }, () => ({ lat: 44.9 + random() * 0.2, lng: -93.4 + random() * 0.3 }));
    const [west, south, east, north] = MINNEAPOLIS;
    for (const zoom of [12, 15, MAP_MAX_ZOOM]) {
      const items = createRestroomClusters(columnsOf(points)).itemsIn(MINNEAPOLIS, zoom);
      expect(items.length).toBeGreaterThan(1);
      // The middle of the view as the map draws it: halfway between its corners in pixels.
      const northWest = pixelOf({ lat: north, lng: west }, zoom);
      const southEast = pixelOf({ lat: south, lng: east }, zoom);
      const from = { x: (northWest.x + southEast.x) / 2, y: (northWest.y + southEast.y) / 2 };
      const away = items.map(({ position }) => {
        const at = pixelOf(position, zoom);
        return Math.hypot(at.x - from.x, at.y - from.y);
      });
      away.forEach((distance, at) => {
        if (at > 0) expect(distance).toBeGreaterThanOrEqual(away[at - 1]! - 1e-6);
      });
    }
  });

  it('draws nothing for a list without placed restrooms', () => {
    expect(createRestroomClusters(columnsOf([])).itemsIn(MINNEAPOLIS, 14)).toEqual([]);
  });
});

/** Whether an item at `zoom` lies in the cell a cluster had at its own zoom: cells nest, four to the next zoom. */
function isMember(item: MapItem, cell: { zoom: number; column: number; row: number }, zoom: number): boolean {
  const { x, y } = pixelOf(item.position, cell.zoom);
  if (item.kind === 'cluster') {
    const scale = 2 ** (zoom - cell.zoom);
    return Math.floor(item.cell.column / scale) === cell.column && Math.floor(item.cell.row / scale) === cell.row;
  }
  return Math.floor(x / CLUSTER_GRID_SIZE_PX) === cell.column && Math.floor(y / CLUSTER_GRID_SIZE_PX) === cell.row;
}

describe('cluster colour', () => {
  it('turns red above 10 while the visible clusters are small', () => {
    const above = clusterCrowdedAbove([2, 3, 11]);
    expect(above).toBe(10);
    expect(clusterIsCrowded(11, above)).toBe(true);
    expect(clusterIsCrowded(10, above)).toBe(false);
  });

  it('turns red only above the mean when the visible clusters are big', () => {
    const above = clusterCrowdedAbove([20, 40, 60]);
    expect(above).toBe(40);
    expect(clusterIsCrowded(60, above)).toBe(true);
    expect(clusterIsCrowded(40, above)).toBe(false);
    expect(clusterIsCrowded(20, above)).toBe(false);
  });
});
