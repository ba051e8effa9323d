import type { ApiError } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import { fakePlaceId, HENNEPIN_HEALTHCARE } from '../fakes/index.js';
import { usePlacesApp } from '../support/places-app.js';

// Short, so a hanging service is given up on quickly, yet far above the millisecond or two the fakes
// take even on a busy machine: every answer in this file has to come within it.
const places = usePlacesApp('photon', { GEOCODER_TIMEOUT_MS: '3000' });

const NOT_ANSWERING = 'The address service did not answer. Try again in a moment.';
const NOT_WORKING = 'The address service is not working right now. Try again in a moment.';

describe('when the geocoder fails', () => {
  it.each([
    ['answers 500', 'error', NOT_WORKING],
    ['answers something that is not JSON', 'malformed', NOT_WORKING],
    ['drops the connection', 'close', NOT_ANSWERING],
    ['never answers', 'hang', NOT_ANSWERING],
  ] as const)('answers 502 with a clear message when it %s', async (_what, failure, message) => {
    places().geocoder.fail(failure);
    const response = await places().get(`/api/geocode?address=${failure}%20street`);
    expect(response.statusCode).toBe(502);
    expect(response.json<ApiError>()).toMatchObject({ statusCode: 502, error: 'Bad Gateway', message });
    expect(places().geocoder.requests).toHaveLength(1);
  });

  it('does not keep a failure: asked again once the geocoder is back, it answers', async () => {
    places().geocoder.fail('error');
    expect((await places().get('/api/places/autocomplete?input=vineland')).statusCode).toBe(502);
    places().geocoder.recover();
    const results = await places().results('/api/places/autocomplete?input=vineland');
    expect(results.map((place) => place.name)).toEqual(['Walker Art Center']);
  });

  // Photon cannot look a place up by id; a place it has not just suggested comes from Overpass.
  it('answers 502 for a place it cannot look up because Overpass never answers', async () => {
    places().overpass.fail('hang');
    const response = await places().get(`/api/places/${fakePlaceId(HENNEPIN_HEALTHCARE)}`);
    expect(response.statusCode).toBe(502);
    expect(response.json<ApiError>().message).toBe('The map data service did not answer. Try again in a moment.');
    places().overpass.recover();
    expect((await places().details(HENNEPIN_HEALTHCARE)).place.name).toBe('Hennepin County Medical Center');
  });
});
