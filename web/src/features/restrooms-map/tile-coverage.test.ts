import { describe, expect, it } from 'vitest';
import { packDrawsTile, tileBox } from './tile-coverage';

// Minneapolis downtown, as the e2e tests' pack covers it.
const pack = { box: [-93.29, 44.96, -93.24, 44.995] as const, minZoom: 0 };

describe('which tiles the saved pack draws', () => {
  it('knows a tile by its corners', () => {
    expect(tileBox({ z: 0, x: 0, y: 0 })).toEqual([-180, expect.closeTo(-85.0511, 3), 180, expect.closeTo(85.0511, 3)]);
    const [west, south, east, north] = tileBox({ z: 15, x: 7896, y: 11788 });
    expect(west).toBeLessThan(east);
    expect(south).toBeLessThan(north);
  });

  it('draws the tiles over the pack and leaves every other to the tile server', () => {
    // z15 tile holding downtown Minneapolis (44.978, -93.265).
    const x = Math.floor(((-93.265 + 180) / 360) * 2 ** 15);
    const latRad = (44.978 * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * 2 ** 15);
    expect(packDrawsTile({ z: 15, x, y }, pack)).toBe(true);
    expect(packDrawsTile({ z: 15, x: x + 40, y }, pack)).toBe(false);
    expect(packDrawsTile({ z: 15, x, y: y - 40 }, pack)).toBe(false);
    // The world tile overlaps every pack.
    expect(packDrawsTile({ z: 0, x: 0, y: 0 }, pack)).toBe(true);
  });

  it('leaves zooms above the pack\'s shallowest to the tile server', () => {
    expect(packDrawsTile({ z: 0, x: 0, y: 0 }, { ...pack, minZoom: 6 })).toBe(false);
    expect(packDrawsTile({ z: 6, x: 15, y: 23 }, { ...pack, minZoom: 6 })).toBe(true);
  });

  it('does not count a tile that only touches the pack\'s edge', () => {
    // A pack whose east edge is exactly the west edge of the z1 eastern tiles.
    const edge = { box: [-10, -10, 0, 10] as const, minZoom: 0 };
    expect(packDrawsTile({ z: 1, x: 1, y: 0 }, edge)).toBe(false);
    expect(packDrawsTile({ z: 1, x: 0, y: 0 }, edge)).toBe(true);
  });
});
