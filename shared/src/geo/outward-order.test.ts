import { describe, expect, it } from 'vitest';
import { restroomDistanceMilesExact } from './distance.js';
import { orderOutward, outwardDistanceMiles } from './outward-order.js';

const origin = { lat: 44.97997, lng: -93.26384 };
const centre = { lat: 45.5, lng: -93.26384 };

describe('outwardDistanceMiles', () => {
  it('is the distance to the nearer of the origins', () => {
    const nearCentre = { latitude: 45.49, longitude: -93.26 };
    expect(outwardDistanceMiles(nearCentre, [origin, centre])).toBe(restroomDistanceMilesExact(centre, { lat: 45.49, lng: -93.26 }));
    expect(outwardDistanceMiles(nearCentre, [origin])).toBe(restroomDistanceMilesExact(origin, { lat: 45.49, lng: -93.26 }));
    expect(outwardDistanceMiles(nearCentre, [origin, centre])).toBeLessThan(1);
  });

  it('is Infinity for a row without a position', () => {
    expect(outwardDistanceMiles({ latitude: null, longitude: -93 }, [origin])).toBe(Number.POSITIVE_INFINITY);
    expect(outwardDistanceMiles({ latitude: 45, longitude: null }, [origin])).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('orderOutward', () => {
  it('puts the nearest first, equal distances and unplaced rows in input order, unplaced last', () => {
    const infinity = Number.POSITIVE_INFINITY;
    expect([...orderOutward([5, infinity, 1, 5, 0, infinity, 1])]).toEqual([4, 2, 6, 0, 3, 1, 5]);
  });

  it('gives every position exactly once', () => {
    const distances = Array.from({ length: 2_000 }, (_, at) => ((at * 7919) % 101) / 3);
    const order = orderOutward(distances);
    expect(new Set(order).size).toBe(2_000);
    for (let at = 1; at < order.length; at++) {
      const [before, after] = [order[at - 1]!, order[at]!];
      expect(distances[before]! < distances[after]! || (distances[before] === distances[after] && before < after)).toBe(true);
    }
  });

  it('orders nothing when given nothing', () => {
    expect(orderOutward([])).toHaveLength(0);
  });
});
