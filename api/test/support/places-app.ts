import type { Place, PlaceDetails, PlaceList } from '@allstall/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
  fakePlaceId,
  startFakeNominatim,
  startFakeOverpass,
  startFakePhoton,
  WALKER_ART_CENTER,
  type FakeNominatim,
  type FakeOverpass,
  type FakePhoton,
  type FakePlace,
} from '../fakes/index.js';
import { createTestApp, type TestApp, type TestEnv } from './helpers.js';

/** A test app whose geocoder and Overpass are fakes on 127.0.0.1. */
export interface PlacesTestApp<G> {
  testApp: TestApp;
  geocoder: G;
  overpass: FakeOverpass;
  get: (url: string) => Promise<LightMyRequestResponse>;
  /** The places a search route answers with; the answer must be a 200. */
  results: (url: string) => Promise<Place[]>;
  /** `GET /api/places/:placeId` for a fake place; the answer must be a 200. */
  details: (place: FakePlace) => Promise<PlaceDetails>;
}

/** The Walker Art Center as either geocoder's answer about it reaches a client. */
export const WALKER_PLACE: Place = {
  place_id: fakePlaceId(WALKER_ART_CENTER),
  name: 'Walker Art Center',
  formatted_address: '725 Vineland Place, Minneapolis, MN 55403',
  street: '725 Vineland Place',
  city: 'Minneapolis',
  state: 'MN',
  geometry: { location: { lat: 44.96815, lng: -93.28877 } },
};

type Fakes = { photon: FakePhoton; nominatim: FakeNominatim };

/**
 * One app for the test file, talking to a fresh fake Photon or Nominatim and a fake Overpass. Each
 * test starts with the fakes well and their request logs empty; the app's cache lives as long as
 * the app, so tests that count requests ask questions no other test in the file asks.
 */
export function usePlacesApp<K extends keyof Fakes>(kind: K, env: TestEnv = {}): () => PlacesTestApp<Fakes[K]> {
  let state: PlacesTestApp<Fakes[K]> | undefined;
  beforeAll(async () => {
    const geocoder = (kind === 'photon' ? await startFakePhoton() : await startFakeNominatim()) as Fakes[K];
    const overpass = await startFakeOverpass();
    const testApp = await createTestApp({ GEOCODER: kind, GEOCODER_URL: geocoder.url, OVERPASS_URL: overpass.url, ...env });
    const get = (url: string) => testApp.app.inject({ method: 'GET', url });
    const okJson = async <T>(url: string): Promise<T> => {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };
    state = {
      testApp,
      geocoder,
      overpass,
      get,
      results: async (url) => (await okJson<PlaceList>(url)).results,
      details: (place) => okJson<PlaceDetails>(`/api/places/${encodeURIComponent(fakePlaceId(place))}`),
    };
  });
  beforeEach(() => {
    for (const fake of [state?.geocoder, state?.overpass]) {
      fake?.recover();
      fake?.clearRequests();
    }
  });
  afterAll(async () => {
    await state?.testApp.close();
    await state?.geocoder.stop();
    await state?.overpass.stop();
  });
  return () => {
    if (state === undefined) throw new Error('the places test app is not ready yet');
    return state;
  };
}
