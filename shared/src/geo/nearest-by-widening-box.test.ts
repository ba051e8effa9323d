import { describe, expect, it } from 'vitest';
import type { BoundingBox } from '../region.js';
import type { LatLng } from '../schemas/config.js';
import { nearestRestrooms } from './distance.js';
import { nearestByWideningBox } from './nearest-by-widening-box.js';

interface Row {
  id: string;
  latitude: number | null;
  longitude: number | null;
}

const MILES_PER_DEGREE_LATITUDE = 69.09;

/** Points on a golden-angle spiral whose distance from `centre` grows geometrically: every bearing, every scale. */
function spiral(centre: LatLng, count: number, firstMiles: number, growth: number): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const miles = firstMiles * growth ** i;
    const angle = (i * 137.508 * Math.PI) / 180;
    const lat = centre.lat + (miles * Math.cos(angle)) / MILES_PER_DEGREE_LATITUDE;
    const lng = centre.lng + (miles * Math.sin(angle)) / (MILES_PER_DEGREE_LATITUDE * Math.cos((centre.lat * Math.PI) / 180));
    return { id: `s${i}`, latitude: Math.max(-90, Math.min(90, lat)), longitude: ((lng + 540) % 360) - 180 };
  });
}

/** An in-memory stand-in for the database: the rows inside the box, in the table's order; counts the boxes asked for. */
function table(rows: readonly Row[]) {
  const boxes: BoundingBox[] = [];
  const rowsInBox = async (box: BoundingBox) => {
    boxes.push(box);
    return rows.filter(
      (r) => r.latitude !== null && r.longitude !== null && r.latitude >= box.south && r.latitude <= box.north && r.longitude >= box.west && r.longitude <= box.east,
    );
  };
  return { rowsInBox, boxes };
}

const downtown = { lat: 44.97997, lng: -93.26384 };

describe('nearestByWideningBox', () => {
  const rows: Row[] = [
    ...spiral(downtown, 120, 0.02, 1.06),
    ...spiral({ lat: 45.1, lng: -93.4 }, 40, 0.1, 1.2),
    // Two listings sharing a spot, and one with no coordinates.
    { id: 'twin-a', latitude: 44.985, longitude: -93.27 },
    { id: 'twin-b', latitude: 44.985, longitude: -93.27 },
    { id: 'unplaced', latitude: null, longitude: null },
    { id: 'north-pole', latitude: 89.999, longitude: 12 },
    { id: 'date-line-east', latitude: -17.7, longitude: 179.999 },
    { id: 'date-line-west', latitude: -17.7, longitude: -179.999 },
  ];
  const origins: LatLng[] = [downtown, { lat: 44.985, lng: -93.27 }, { lat: 45.3, lng: -93.9 }, { lat: 0, lng: 0 }, { lat: -17.7, lng: -179.99 }, { lat: 89.99, lng: -150 }];

  it.each(origins)('answers exactly what ranking every row answers, from %o, for every k', async (origin) => {
    const { rowsInBox } = table(rows);
    for (const k of [1, 2, 5, 20, 37, 200]) {
      expect(await nearestByWideningBox(rowsInBox, origin, k)).toEqual(nearestRestrooms(rows, origin, k));
    }
  });

  it('prefers a listing just outside the first box over a farther one in its corner', async () => {
    const north = { id: 'north', latitude: downtown.lat + 0.55 / MILES_PER_DEGREE_LATITUDE, longitude: downtown.lng };
    // About 0.65 miles away at 45°: north and east of the centre by less than half a mile each, so in the corner.
    const offset = 0.46 / MILES_PER_DEGREE_LATITUDE;
    const corner = { id: 'corner', latitude: downtown.lat + offset, longitude: downtown.lng + offset / Math.cos((downtown.lat * Math.PI) / 180) };
    const { rowsInBox, boxes } = table([corner, north]);
    const [nearest] = await nearestByWideningBox(rowsInBox, downtown, 1, 0.5);
    expect(nearest?.id).toBe('north');
    expect(boxes.length).toBeGreaterThan(1);
  });

  it('answers every row there is when there are fewer than asked for', async () => {
    const few = rows.slice(0, 3);
    const { rowsInBox } = table(few);
    const nearest = await nearestByWideningBox(rowsInBox, downtown, 20);
    expect(nearest.map((r) => r.id)).toEqual(nearestRestrooms(few, downtown).map((r) => r.id));
    expect(nearest).toHaveLength(3);
  });

  it('keeps the table order between listings at the same distance', async () => {
    const { rowsInBox } = table(rows);
    const ids = (await nearestByWideningBox(rowsInBox, { lat: 44.985, lng: -93.27 }, 2)).map((r) => r.id);
    expect(ids).toEqual(['twin-a', 'twin-b']);
  });

  it('reads only a small box around a busy origin', async () => {
    const { rowsInBox, boxes } = table(rows);
    await nearestByWideningBox(rowsInBox, downtown, 20);
    const last = boxes.at(-1);
    expect(last && last.north - last.south).toBeLessThan(1);
  });
});
