import { describe, expect, it } from 'vitest';
import type { BoundingBox } from '../region.js';
import { boundingBoxAround, WHOLE_EARTH } from './bounding-box.js';
import { nearestByWideningBox } from './nearest-by-widening-box.js';
import { nearestRestrooms } from './distance.js';
import { GRID_CELL_DEGREES, PositionGrid, type Position } from './position-grid.js';

/** The same pseudo-random numbers every run (a linear congruential generator), so a failure replays. */
function randoms(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

const random = randoms(20261122);
const between = (low: number, high: number) => low + (high - low) * random();

const downtown = { lat: 44.97997, lng: -93.26384 };

const positions: Position[] = [
  ...Array.from({ length: 600 }, (_, i) => ({ id: `d${(i * 7919) % 600}`, latitude: between(44.9, 45.06), longitude: between(-93.35, -93.18) })),
  ...Array.from({ length: 200 }, (_, i) => ({ id: `w${i}`, latitude: between(-90, 90), longitude: between(-180, 180) })),
  // On cell edges, at the poles and on the antimeridian, where bucketing is most likely to go wrong.
  { id: 'edge-a', latitude: 45, longitude: -93.3 },
  { id: 'edge-b', latitude: 45 - GRID_CELL_DEGREES, longitude: -93.3 + GRID_CELL_DEGREES },
  { id: 'north-pole', latitude: 90, longitude: 0 },
  { id: 'south-pole', latitude: -90, longitude: -180 },
  { id: 'date-line-east', latitude: -17.7, longitude: 180 },
  { id: 'date-line-west', latitude: -17.7, longitude: -180 },
  // One spot, two listings, given out of id order.
  { id: 'twin-b', latitude: 44.985, longitude: -93.27 },
  { id: 'twin-a', latitude: 44.985, longitude: -93.27 },
];

const byId = (a: Position, b: Position) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** What testing every position answers: the ones inside the box, in id order. */
function everyPositionIn(box: BoundingBox): Position[] {
  return positions
    .filter((p) => p.latitude >= box.south && p.latitude <= box.north && p.longitude >= box.west && p.longitude <= box.east)
    .sort(byId);
}

describe('PositionGrid', () => {
  const grid = new PositionGrid(positions);

  it('finds exactly the positions inside any box, in id order', () => {
    const boxes: BoundingBox[] = [
      WHOLE_EARTH,
      { south: 45 - GRID_CELL_DEGREES, north: 45, west: -93.3, east: -93.3 + GRID_CELL_DEGREES },
      { south: 89, north: 90, west: -180, east: 180 },
      { south: -90, north: -89, west: -180, east: -179 },
      { south: -18, north: -17, west: 179, east: 180 },
      ...Array.from({ length: 200 }, () => {
        const south = between(44.85, 45.05);
        const west = between(-93.4, -93.2);
        return { south, north: south + between(0, 0.1), west, east: west + between(0, 0.1) };
      }),
      ...Array.from({ length: 50 }, () => boundingBoxAround({ lat: between(-90, 90), lng: between(-180, 180) }, between(0, 3000))),
    ];
    for (const box of boxes) expect(grid.inBox(box)).toEqual(everyPositionIn(box));
  });

  it('finds nothing in a box with nothing in it, and nothing in an empty grid', () => {
    expect(grid.inBox({ south: 10, north: 10.5, west: 10, east: 10.5 })).toEqual([]);
    expect(new PositionGrid([]).inBox(WHOLE_EARTH)).toEqual([]);
  });

  it('answers a nearby search exactly as ranking every position does', async () => {
    const ranked = [...positions].sort(byId);
    for (const origin of [downtown, { lat: 44.985, lng: -93.27 }, { lat: 0, lng: 0 }, { lat: -17.7, lng: 179.99 }, { lat: 89.9, lng: 40 }]) {
      for (const k of [1, 2, 20, 300]) {
        const nearest = await nearestByWideningBox(async (box) => grid.inBox(box), origin, k);
        expect(nearest).toEqual(nearestRestrooms(ranked, origin, k));
      }
    }
  });

  it('counts what it holds', () => {
    expect(grid.size).toBe(positions.length);
  });
});
