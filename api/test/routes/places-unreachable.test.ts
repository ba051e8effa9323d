import type { ApiError } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/helpers.js';

// Nothing listens on port 1 of the loopback address, so every connection is refused at once.
const NOWHERE = 'http://127.0.0.1:1';
const testApp = useTestApp({ GEOCODER_URL: NOWHERE, OVERPASS_URL: NOWHERE });

describe('when nothing listens at the geocoder and Overpass addresses', () => {
  it.each([
    ['/api/places/autocomplete?input=walker', 'The address service did not answer. Try again in a moment.'],
    ['/api/geocode?address=725%20Vineland%20Place', 'The address service did not answer. Try again in a moment.'],
    ['/api/places/reverse?lat=44.97&lng=-93.26', 'The address service did not answer. Try again in a moment.'],
    ['/api/places/osm:W24401001', 'The map data service did not answer. Try again in a moment.'],
  ])('GET %s answers 502', async (url, message) => {
    const response = await testApp().app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(502);
    expect(response.json<ApiError>()).toMatchObject({ statusCode: 502, error: 'Bad Gateway', message });
  });
});
