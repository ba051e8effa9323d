import { describe, expect, it } from 'vitest';
import type { LatLng } from '../schemas/config.js';
import { nearestRestrooms, restroomDistanceMilesExact, type Locatable } from './distance.js';
import { createNearestGrid } from './nearest-grid.js';

interface Row extends Locatable {
  id: number;
}

/** Deterministic noise in [0, 1) from a counter, so a failing case is the same on every run. */
function noise(seed: number): () => number {
  let counter = seed;
  return () => {
    const x = Math.sin(++counter * 12.9898) * 43758.5453;
    return x - Math.floor(x);
  };
}

/** The reference: measure and sort every row, as the list did before the grid. */
const sortedIds = (rows: readonly Row[], origin: LatLng) => nearestRestrooms(rows, origin).map((row) => row.id);
const walkedIds = (rows: readonly Row[], origin: LatLng, take = Infinity) => {
  const ids: number[] = [];
  for (const hit of createNearestGrid(rows).nearestFirst(origin)) {
    if (ids.length >= take) break;
    ids.push(rows[hit.index]!.id);
  }
  return ids;
};

/** Rows around a centre within `spreadDegrees`, some on shared spots (one building), some unplaced. */
function scatter(random: () => number, count: number, centre: LatLng, spreadDegrees: number): Row[] {
  const rows: Row[] = [];
  for (let id = 0; id < count; id++) {
    const roll = random();
    if (roll < 0.05) rows.push({ id, latitude: null, longitude: null });
    else if (roll < 0.2 && rows.length > 0) {
      const twin = rows[Math.floor(random() * rows.length)]!;
      rows.push({ id, latitude: twin.latitude, longitude: twin.longitude });
    } else {
      const lat = Math.max(-90, Math.min(90, centre.lat + (random() - 0.5) * 2 * spreadDegrees));
      const lng = Math.max(-180, Math.min(180, centre.lng + (random() - 0.5) * 2 * spreadDegrees));
      rows.push({ id, latitude: lat, longitude: lng });
    }
  }
  return rows;
}

const downtown = { lat: 44.97997, lng: -93.26384 };

describe('createNearestGrid', () => {
  it('walks a city of rows in exactly the order of sorting them all, from origins inside and outside it', () => {
    const random = noise(1);
    const rows = scatter(random, 3000, downtown, 0.3);
    for (let trial = 0; trial < 12; trial++) {
      const origin = { lat: downtown.lat + (random() - 0.5) * 1.5, lng: downtown.lng + (random() - 0.5) * 1.5 };
      expect(walkedIds(rows, origin)).toEqual(sortedIds(rows, origin));
    }
  });

  it('gives the first page when walked only that far, with the very distances the sort measured', () => {
    const rows = scatter(noise(2), 4000, downtown, 0.3);
    const page = walkedIds(rows, downtown, 25);
    expect(page).toEqual(sortedIds(rows, downtown).slice(0, 25));
    // The hits carry the very distances the sort used, so rounding them shows the same miles.
    const first = rows[page[0]!]!;
    expect(createNearestGrid(rows).nearestFirst(downtown).next().value).toEqual({
      index: page[0],
      exact: restroomDistanceMilesExact(downtown, { lat: first.latitude!, lng: first.longitude! }),
    });
  });

  it('keeps rows on one spot in input order', () => {
    const spot = { latitude: 44.98, longitude: -93.27 };
    const rows: Row[] = [{ id: 0, ...spot }, { id: 1, latitude: 44.99, longitude: -93.27 }, { id: 2, ...spot }, { id: 3, ...spot }];
    expect(walkedIds(rows, downtown)).toEqual([0, 2, 3, 1]);
  });

  it('stays exact over the whole globe, at the poles and across the antimeridian', () => {
    const random = noise(3);
    const rows = scatter(random, 2000, { lat: 0, lng: 0 }, 180);
    const origins = [
      { lat: 89.9, lng: 10 },
      { lat: -89.9, lng: -170 },
      { lat: 10, lng: 179.95 },
      { lat: -30, lng: -179.95 },
      { lat: 0, lng: 0 },
    ];
    for (const origin of origins) expect(walkedIds(rows, origin)).toEqual(sortedIds(rows, origin));
    const pacific = scatter(random, 500, { lat: 0, lng: 179.5 }, 1).concat(scatter(random, 500, { lat: 0, lng: -179.5 }, 1));
    pacific.forEach((row, id) => (row.id = id));
    expect(walkedIds(pacific, { lat: 0, lng: 179.99 })).toEqual(sortedIds(pacific, { lat: 0, lng: 179.99 }));
  });

  it('handles no rows, unplaced rows only, and a single spot', () => {
    expect(walkedIds([], downtown)).toEqual([]);
    expect(walkedIds([{ id: 0, latitude: null, longitude: null }], downtown)).toEqual([]);
    expect(walkedIds([{ id: 7, latitude: 1, longitude: 2 }], downtown)).toEqual([7]);
  });
});
