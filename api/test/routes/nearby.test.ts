import { nearestRestrooms, type LatLng, type NearbyRestroom } from '@allstall/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { restroomIsVisible, selectRestrooms } from '../../src/repositories/restrooms.js';
import { insertRestroom, type RestroomOverrides } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

/*
 * GET /api/bathrooms/nearby reads a box around the origin that widens until it holds the answer.
 * Whatever the box, the answer must be the one ranking every visible restroom gives.
 */

const testApp = useTestApp();

const downtown = { lat: 44.97997, lng: -93.26384 };

/** Latitudes and longitudes where a box is most likely to go wrong: the poles and the antimeridian. */
const edgeLatitude = fc.oneof(fc.double({ min: 89, max: 90, noNaN: true }), fc.double({ min: -90, max: -89, noNaN: true }));
const edgeLongitude = fc.oneof(fc.double({ min: 179, max: 180, noNaN: true }), fc.double({ min: -180, max: -179, noNaN: true }));
const nearDowntown = (spread: number) =>
  fc.record({
    lat: fc.double({ min: downtown.lat - spread, max: downtown.lat + spread, noNaN: true }),
    lng: fc.double({ min: downtown.lng - spread, max: downtown.lng + spread, noNaN: true }),
  });
const anywhere = fc.record({ lat: fc.double({ min: -90, max: 90, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) });
const place: fc.Arbitrary<LatLng> = fc.oneof(
  nearDowntown(0.02),
  nearDowntown(0.3),
  nearDowntown(3),
  anywhere,
  fc.record({ lat: edgeLatitude, lng: fc.double({ min: -180, max: 180, noNaN: true }) }),
  fc.record({ lat: fc.double({ min: -60, max: 60, noNaN: true }), lng: edgeLongitude }),
);

/** The same places every run, so a failure can be replayed. */
const listings = fc.sample(place, { seed: 20261124, numRuns: 160 });

/** A ranked restroom, reduced to what identifies the answer. */
type Ranked = Pick<NearbyRestroom, 'id' | 'distance'>;

/** What ranking every visible restroom answers, ties in id order as the route promises. */
async function rankingEverything(origin: LatLng, limit: number): Promise<Ranked[]> {
  const rows = await selectRestrooms(testApp().app.db).where(restroomIsVisible).execute();
  rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return nearestRestrooms(rows, origin, limit).map(({ id, distance }) => ({ id, distance }));
}

async function nearby(origin: LatLng, limit: number): Promise<Ranked[]> {
  const response = await testApp().app.inject({ method: 'GET', url: `/api/bathrooms/nearby?lat=${origin.lat}&lng=${origin.lng}&limit=${limit}` });
  expect(response.statusCode).toBe(200);
  return response.json<NearbyRestroom[]>().map(({ id, distance }) => ({ id, distance }));
}

describe('GET /api/bathrooms/nearby over a table of restrooms', () => {
  let visibleCount = 0;
  const hiddenIds: string[] = [];

  beforeAll(async () => {
    const { db } = testApp().app;
    for (const { lat, lng } of listings) await insertRestroom(db, { latitude: lat, longitude: lng });
    // Two listings on one spot, and a third just beside them, where a tie decides who is listed.
    for (const name of ['Twin A', 'Twin B']) await insertRestroom(db, { name, latitude: 44.985, longitude: -93.27 });
    await insertRestroom(db, { latitude: 44.98501, longitude: -93.27 });
    await insertRestroom(db, { latitude: null, longitude: null });
    visibleCount = listings.length + 3;
    // Hidden listings right at the origin must never be answered.
    const hidden: RestroomOverrides[] = [{ status: 'pending' }, { status: 'rejected' }, { is_removed: 1 }];
    for (const overrides of hidden) hiddenIds.push(await insertRestroom(db, { ...overrides, latitude: downtown.lat, longitude: downtown.lng }));
  });

  it('answers what ranking every visible restroom answers, from anywhere, for any limit', async () => {
    await fc.assert(
      fc.asyncProperty(place, fc.integer({ min: 1, max: 200 }), async (origin, limit) => {
        expect(await nearby(origin, limit)).toEqual(await rankingEverything(origin, limit));
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    ['downtown', downtown, 20],
    ['between the twins and their neighbour', { lat: 44.985, lng: -93.27 }, 2],
    ['at the north pole', { lat: 90, lng: 0 }, 20],
    ['at the south pole', { lat: -90, lng: 45 }, 5],
    ['on the antimeridian', { lat: 0, lng: 180 }, 20],
    ['just west of the antimeridian', { lat: -17.7, lng: -179.9999 }, 3],
    ['in the middle of nowhere', { lat: -50, lng: 100 }, 1],
  ])('answers the same as ranking everything %s', async (_where, origin, limit) => {
    const answer = await nearby(origin, limit);
    expect(answer).toEqual(await rankingEverything(origin, limit));
    expect(answer).toHaveLength(limit);
  });

  it('answers every visible restroom with coordinates when there are fewer than the limit', async () => {
    const answer = await nearby(downtown, 200);
    expect(answer).toHaveLength(visibleCount);
    expect(answer).toEqual(await rankingEverything(downtown, 200));
  });

  it('lists the two restrooms on one spot in id order, before their neighbour', async () => {
    const answer = await nearby({ lat: 44.985, lng: -93.27 }, 3);
    const [first, second] = answer;
    expect([first?.distance, second?.distance]).toEqual([0, 0]);
    expect([first?.id, second?.id]).toEqual([first?.id, second?.id].sort());
  });

  it('never answers a pending, rejected or removed restroom, even one at the origin', async () => {
    const answer = await nearby(downtown, 200);
    expect(answer.filter((row) => hiddenIds.includes(row.id))).toEqual([]);
  });
});
