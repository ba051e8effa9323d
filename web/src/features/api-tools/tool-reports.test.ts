import { describe, expect, it } from 'vitest';
import { geocodeReportsJoined, hoursReportsJoined } from './tool-reports';

const id = (n: number) => `0192f3a4-5b6c-7d8e-9f01-${String(n).padStart(12, '0')}`;

describe('geocodeReportsJoined', () => {
  it('adds up what both batches did and keeps where the later one left off', () => {
    const first = { checked: 2, updated: [{ id: id(1), name: 'A', latitude: 44.9, longitude: -93.2 }], notFound: [{ id: id(2), name: 'B' }], remaining: 3, nextAfterId: id(2) };
    const next = { checked: 3, updated: [], notFound: [{ id: id(5), name: 'E' }], remaining: 0, nextAfterId: null };
    expect(geocodeReportsJoined(first, next)).toEqual({
      checked: 5,
      updated: first.updated,
      notFound: [...first.notFound, ...next.notFound],
      remaining: 0,
      nextAfterId: null,
    });
  });
});

describe('hoursReportsJoined', () => {
  it('adds up the counts and lists every restroom updated', () => {
    const hours = [{ day: 1, open: 900, close: 1700 }];
    const first = { checked: 200, updated: [{ id: id(1), name: 'A', hours }], unchanged: 10, noPlace: 180, failed: 9, remaining: 5, nextMinId: id(201) };
    const next = { checked: 5, updated: [{ id: id(202), name: 'B', hours }], unchanged: 1, noPlace: 2, failed: 1, remaining: 0, nextMinId: null };
    expect(hoursReportsJoined(first, next)).toEqual({
      checked: 205,
      updated: [...first.updated, ...next.updated],
      unchanged: 11,
      noPlace: 182,
      failed: 10,
      remaining: 0,
      nextMinId: null,
    });
  });
});
