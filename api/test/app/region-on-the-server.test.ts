import type { NewRestroomReceipt } from '@allstall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOverpass, startFakeRefuge, type FakeOverpass, type FakeRefuge } from '../fakes/index.js';
import { newRestroomBody, signInAdmin, signUp, write, type Person } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { usePlacesApp } from '../support/places-app.js';

/*
 * The configured region where the server itself uses it: the address search's bias, the state of an
 * added restroom, and where the admin's imports look.
 */

const CHICAGO = { lat: 41.8819, lng: -87.6278 };
const places = usePlacesApp('photon', { REGION_NAME: 'Chicago', REGION_MAP_CENTER: `${CHICAGO.lat},${CHICAGO.lng}`, REGION_STATE: 'IL' });

describe('a Chicago deployment', () => {
  it('biases an address search to its own map centre, not Minneapolis', async () => {
    const { geocoder } = places();
    geocoder.clearRequests();
    await places().results('/api/geocode?address=400%20S%20State%20St');
    const [asked] = geocoder.requestsTo('/api');
    expect(asked?.query.get('q')).toBe('400 S State St');
    expect(Number(asked?.query.get('lat'))).toBeCloseTo(CHICAGO.lat, 4);
    expect(Number(asked?.query.get('lon'))).toBeCloseTo(CHICAGO.lng, 4);
  });

  it('gives an added restroom whose address names no state the region’s state, IL', async () => {
    const { app } = places().testApp;
    const body = newRestroomBody();
    const payload = { ...body, bathroomToAdd: { ...body.bathroomToAdd, formatted_address: 'Harold Washington Library, 400 S State St, Chicago' } };
    const response = await write(app, '/api/bathrooms', { payload, as: await signUp(app, 'Chi') });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<NewRestroomReceipt>().restroom).toMatchObject({ street: '400 S State St', city: 'Chicago', state: 'IL' });
  });
});

describe('the imports of a Chicago deployment', () => {
  let refuge: FakeRefuge;
  let overpass: FakeOverpass;
  let testApp: TestApp;
  let admin: Person;
  beforeAll(async () => {
    [refuge, overpass] = await Promise.all([startFakeRefuge(), startFakeOverpass()]);
    testApp = await createTestApp({
      REFUGE_API_URL: refuge.url,
      OVERPASS_URL: overpass.url,
      REGION_MAP_CENTER: `${CHICAGO.lat},${CHICAGO.lng}`,
      REGION_IMPORT_POINT: '41.8781,-87.6298',
      REGION_IMPORT_BOXES: '41.644,-87.94,41.882,-87.524;41.882,-87.94,42.023,-87.524',
    });
    admin = await signInAdmin(testApp.app);
  });
  afterAll(async () => {
    await testApp?.close();
    await Promise.all([refuge?.stop(), overpass?.stop()]);
  });
  const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });

  it('asks Refuge around the configured import point', async () => {
    const response = await get('/api/admin/import/refuge?page=1&per_page=10');
    expect(response.statusCode, response.body).toBe(200);
    const [asked] = refuge.requestsTo('/by_location');
    expect(asked?.query.get('lat')).toBe('41.8781');
    expect(asked?.query.get('lng')).toBe('-87.6298');
  });

  it('asks Overpass for each configured box, and nothing of Minneapolis comes back', async () => {
    const response = await get('/api/admin/import/osm');
    expect(response.statusCode, response.body).toBe(200);
    const boxes = overpass.queries().map((query) => /\(([-\d.]+,[-\d.]+,[-\d.]+,[-\d.]+)\)/.exec(query)?.[1]);
    expect(boxes).toEqual(['41.644,-87.94,41.882,-87.524', '41.882,-87.94,42.023,-87.524']);
    // The fake knows only Minneapolis's toilets, none of them inside Chicago's boxes.
    expect(response.json<{ rows: unknown[] }>().rows).toEqual([]);
  });
});
