import type { NewRestroomReceipt } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import { newRestroomBody, signUp, write } from './fixtures.js';
import { usePlacesApp } from './places-app.js';

/* The configured region where the server itself uses it: the address search's bias, and the state of an added restroom. */

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
