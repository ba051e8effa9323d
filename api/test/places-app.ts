import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFakeNominatim, startFakeOverpass, startFakePhoton, type FakeNominatim, type FakeOverpass, type FakePhoton } from './fakes/index.js';
import { createTestApp, type TestApp, type TestEnv } from './helpers.js';

/** A test app whose geocoder and Overpass are fakes on 127.0.0.1. */
export interface PlacesTestApp<G> {
  testApp: TestApp;
  geocoder: G;
  overpass: FakeOverpass;
  get: (url: string) => Promise<LightMyRequestResponse>;
}

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
    state = { testApp, geocoder, overpass, get: (url) => testApp.app.inject({ method: 'GET', url }) };
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
