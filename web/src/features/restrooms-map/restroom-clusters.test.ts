import { describe, expect, it } from 'vitest';
import { makeRestroom } from '../../test/fixtures';
import {
  clusterCrowdedAbove,
  clusterIsCrowded,
  createRestroomClusters,
  type MapBounds,
} from './restroom-clusters';

const listed = (name: string, latitude: number | null, longitude: number | null) => ({
  ...makeRestroom({ name, latitude, longitude }),
  distance: null,
});

/** Degrees of longitude per screen pixel at a zoom, for 256 px tiles. */
const degreesPerPixel = (zoom: number) => 360 / (256 * 2 ** zoom);
const MINNEAPOLIS: MapBounds = [-93.4, 44.9, -93.1, 45.1];

describe('createRestroomClusters', () => {
  it('merges restrooms closer than the 60 px grid and leaves a lone one as itself', () => {
    const zoom = 15;
    const near = 50 * degreesPerPixel(zoom);
    const clusters = createRestroomClusters([
      listed('Walker Art Center', 44.968, -93.289),
      listed('Loring Park', 44.968, -93.289 + near),
      listed('Mill City Museum', 44.979, -93.257),
    ]);

    const items = clusters.itemsIn(MINNEAPOLIS, zoom);

    expect(items).toHaveLength(2);
    expect(items).toContainEqual(expect.objectContaining({ kind: 'cluster', count: 2 }));
    const single = items.find((item) => item.kind === 'restroom');
    expect(single?.kind === 'restroom' && single.restroom.name).toBe('Mill City Museum');
  });

  it('keeps restrooms apart once they are further apart than the grid on screen', () => {
    const zoom = 15;
    const far = 70 * degreesPerPixel(zoom);
    const clusters = createRestroomClusters([listed('A', 44.968, -93.289), listed('B', 44.968, -93.289 + far)]);
    expect(clusters.itemsIn(MINNEAPOLIS, zoom).map((item) => item.kind)).toEqual(['restroom', 'restroom']);
  });

  it('splits a cluster at its expansion zoom', () => {
    const near = 20 * degreesPerPixel(15);
    const clusters = createRestroomClusters([listed('A', 44.968, -93.289), listed('B', 44.968, -93.289 + near)]);
    const [cluster] = clusters.itemsIn(MINNEAPOLIS, 15);
    if (cluster?.kind !== 'cluster') throw new Error('expected a cluster');

    const zoom = clusters.expansionZoom(cluster.clusterId);

    expect(zoom).toBeGreaterThan(15);
    expect(clusters.itemsIn(MINNEAPOLIS, zoom).map((item) => item.kind)).toEqual(['restroom', 'restroom']);
  });

  it('leaves out restrooms without coordinates and what lies outside the visible area', () => {
    const clusters = createRestroomClusters([listed('Unplaced', null, null), listed('Duluth', 46.78, -92.1)]);
    expect(clusters.itemsIn(MINNEAPOLIS, 14)).toEqual([]);
  });
});

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
