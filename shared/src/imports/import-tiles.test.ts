import { describe, expect, it } from 'vitest';
import { importTilesOf, insideAnyBox, quartersOf } from './import-tiles.js';

describe('importTilesOf', () => {
  it('cuts a box into whole-degree tiles that cover it exactly, the last row and column trimmed to the box', () => {
    const tiles = importTilesOf([{ south: 41, west: -91, north: 43.5, east: -88.5 }], 1);
    expect(tiles).toHaveLength(9);
    expect(tiles[0]).toEqual({ south: 41, west: -91, north: 42, east: -90 });
    expect(tiles.at(-1)).toEqual({ south: 43, west: -89, north: 43.5, east: -88.5 });
    const area = tiles.reduce((sum, tile) => sum + (tile.north - tile.south) * (tile.east - tile.west), 0);
    expect(area).toBeCloseTo(2.5 * 2.5, 9);
  });

  it('keeps a box smaller than a tile as one tile, and several boxes one after another', () => {
    const city = { south: 44.89, west: -93.33, north: 45.052, east: -93.193 };
    expect(importTilesOf([city], 1)).toEqual([city]);
    expect(importTilesOf([city, { south: 0, west: 0, north: 2, east: 1 }], 1)).toHaveLength(3);
  });

  it('gives tile edges without floating-point noise', () => {
    const tiles = importTilesOf([{ south: 44.89, west: -93.33, north: 45.052, east: -93.193 }], 0.1);
    expect(tiles.map((tile) => tile.north)).toContain(44.99);
  });

  it('refuses a tile size that is not positive', () => {
    expect(() => importTilesOf([{ south: 0, west: 0, north: 1, east: 1 }], 0)).toThrow(RangeError);
  });
});

describe('quartersOf', () => {
  it('splits a tile into four that cover it', () => {
    expect(quartersOf({ south: 40, west: -90, north: 41, east: -89 })).toEqual([
      { south: 40, west: -90, north: 40.5, east: -89.5 },
      { south: 40, west: -89.5, north: 40.5, east: -89 },
      { south: 40.5, west: -90, north: 41, east: -89.5 },
      { south: 40.5, west: -89.5, north: 41, east: -89 },
    ]);
  });

  it('stops at tiles about a kilometre across', () => {
    expect(quartersOf({ south: 40, west: -90, north: 40.01, east: -89.99 })).toBeNull();
  });
});

describe('insideAnyBox', () => {
  it('takes a position in any box, edges included, and nothing outside them', () => {
    const boxes = [
      { south: 44, west: -94, north: 45, east: -93 },
      { south: 41, west: -88, north: 42, east: -87 },
    ];
    expect(insideAnyBox(boxes, { lat: 44.5, lng: -93.5 })).toBe(true);
    expect(insideAnyBox(boxes, { lat: 42, lng: -87 })).toBe(true);
    expect(insideAnyBox(boxes, { lat: 39.74, lng: -104.99 })).toBe(false);
  });
});
