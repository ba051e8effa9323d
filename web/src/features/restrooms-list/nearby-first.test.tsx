import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { pieceKeyAt, restroomDistanceMilesExact, roundedMiles, type LatLng, type Restroom } from '@allstall/shared';
import { createApiClient } from '@/lib/api/api-client';
import { eagerContractChecker } from '@/lib/api/contract-eager';
import { metaGet } from '@/lib/db/db';
import { makePage, makeRestroom } from '@/test/fixtures';
import { piecesServer } from '@/test/pieces-server';
import { seedRestrooms, testServices } from '@/test/services';
import { fakeGeolocation, listedNames, positionAt, renderBathroomsPage, replaceNavigator, showList } from './bathrooms-page-test-kit';
import { nearestList } from './nearest-list';
import { holdsAround } from './use-nearby-first';

vi.mock('../restrooms-map/restroom-map', () => import('./bathrooms-page-test-map'));

/*
 * Near you first (docs/offline-data.md#near-you-first): a first visit in Seattle on a deployment
 * whose restrooms mostly sit around Minneapolis. The list shows the server's nearby answer at once,
 * marked as not saved on this device, while the pieces are still on their way; once the device
 * holds Seattle's pieces, the list is the device's own, the same rows in the same places.
 */

const restores: Array<() => void> = [];
afterEach(() => {
  cleanup();
  nearbyAsked.length = 0;
  while (restores.length) restores.pop()!();
  localStorage.clear();
  sessionStorage.clear();
});

const SEATTLE: LatLng = { lat: 47.6062, lng: -122.3321 };
const MINNEAPOLIS: LatLng = { lat: 44.9778, lng: -93.265 };
const PATIENCE = { timeout: 15_000 };
const MARK = 'From the server · not yet saved on this device';

function around(name: string, centre: LatLng, count: number): Restroom[] {
  return Array.from({ length: count }, (_, at) => {
    const angle = (at * 137 * Math.PI) / 180;
    const out = 0.003 * (at + 1);
    return makeRestroom({ name: `${name} ${at + 1}`, latitude: centre.lat + out * Math.cos(angle), longitude: centre.lng + out * Math.sin(angle) });
  });
}

const restrooms = [...around('Minneapolis', MINNEAPOLIS, 60), ...around('Seattle', SEATTLE, 30)];

/** The api's nearby answer: the nearest visible restrooms with their distance (api/src/repositories/nearby-restrooms.ts). */
const nearbyAsked: LatLng[] = [];

function nearbyAnswer(url: URL): Response {
  const from = { lat: Number(url.searchParams.get('lat')), lng: Number(url.searchParams.get('lng')) };
  nearbyAsked.push(from);
  const limit = Number(url.searchParams.get('limit'));
  const exact = (row: Restroom) => restroomDistanceMilesExact(from, { lat: row.latitude!, lng: row.longitude! });
  const rows = [...restrooms].sort((a, b) => exact(a) - exact(b)).slice(0, limit);
  return new Response(JSON.stringify(rows.map((row) => ({ ...row, distance: roundedMiles(exact(row)) }))), { status: 200 });
}

/** The first sync's pieces, each held back until the test lets it go, and the nearby answer, or no signal for it. */
function server({ nearby }: { nearby: 'answers' | 'no signal' }) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const pieces = piecesServer('70', restrooms, [], { maxRows: 10 });
  const held = piecesServer('70', restrooms, [], {
    maxRows: 10,
    override: (name) =>
      new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            await released;
            controller.enqueue(new Uint8Array(await (await pieces.fetch(`/api/sync/pieces/${encodeURIComponent(name)}`)).arrayBuffer()));
            controller.close();
          },
        }),
        { status: 200 },
      ),
  });
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://127.0.0.1');
    if (url.pathname === '/api/bathrooms/nearby') {
      if (nearby === 'no signal') throw new TypeError('Failed to fetch');
      return nearbyAnswer(url);
    }
    return held.fetch(input, init);
  }) as typeof globalThis.fetch;
  const api = createApiClient({ contract: eagerContractChecker, fetch });
  return { api: { ...api, syncPage: () => Promise.resolve(makePage({ cursor: '70' })) }, release };
}

async function standIn(place: LatLng): Promise<void> {
  restores.push(replaceNavigator('geolocation', fakeGeolocation((ok) => ok(positionAt(place.lat, place.lng)))));
  await showList();
  fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
  expect(await screen.findByText('Closest to you first.')).toBeTruthy();
}

const fromSeattle = (row: Restroom) => restroomDistanceMilesExact(SEATTLE, { lat: row.latitude!, lng: row.longitude! });

describe('near you first', () => {
  it("shows the server's nearest at once, marked, then the device's own list in their place once it holds them", async () => {
    const { api, release } = server({ nearby: 'answers' });
    const services = testServices(api);
    renderBathroomsPage(services);
    await standIn(SEATTLE);
    const pulled = services.sync.pull();

    const nearest = [...restrooms].sort((a, b) => fromSeattle(a) - fromSeattle(b)).slice(0, 5).map((row) => row.name);
    await waitFor(() => expect(listedNames().slice(0, 5)).toEqual(nearest), PATIENCE);
    expect(screen.getByText(MARK)).toBeTruthy();
    // The server was told where, to about 100 m, not the exact spot.
    expect(nearbyAsked).toEqual([{ lat: 47.606, lng: -122.332 }]);
    // Nothing is saved yet: these came from the one small answer.
    expect(services.mirror.size).toBe(0);
    const firstRow = screen.getAllByRole('listitem')[0]!;

    release();
    expect(await pulled).toBe('synced');
    await waitFor(() => expect(screen.queryByText(MARK)).toBeNull(), PATIENCE);
    expect(listedNames().slice(0, 5)).toEqual(nearest);
    // The same element, not a new one: the list did not redraw from scratch (no flash, the scroll stays).
    expect(screen.getAllByRole('listitem')[0]).toBe(firstRow);
    expect(await metaGet(services.db, 'syncCursor')).toBe('70');
  });

  it("offline, shows the device's own restrooms and no mark, as always", async () => {
    const { api } = server({ nearby: 'no signal' });
    const services = testServices(api);
    // A first sync cut short earlier left Minneapolis on the device.
    const minneapolis = restrooms.filter((row) => row.name.startsWith('Minneapolis'));
    await services.mirror.ready();
    await seedRestrooms(services, minneapolis);
    renderBathroomsPage(services);
    await standIn(SEATTLE);
    void services.sync.pull();
    await waitFor(() => expect(services.sync.getStatus().holdsAll).toBe(false), PATIENCE);
    await waitFor(() => expect(listedNames()[0]).toMatch(/^Minneapolis/), PATIENCE);
    expect(screen.queryByText(MARK)).toBeNull();
  });
});

describe('holdsAround', () => {
  const seattleRows = around('Seattle', SEATTLE, 30);
  const view = (rows: readonly Restroom[]) => {
    const services = testServices();
    void seedRestrooms(services, rows);
    return services.mirror;
  };

  it('holds a spot once every piece is held, or once no piece left could hold a nearer restroom than the first page', async () => {
    const mirror = view(seattleRows);
    await mirror.ready();
    await waitFor(() => expect(mirror.getView()?.rows).toHaveLength(30));
    const list = nearestList(mirror.getView()!, SEATTLE);
    const seattleKey = pieceKeyAt(SEATTLE.lat, SEATTLE.lng, 6);
    const farKey = pieceKeyAt(MINNEAPOLIS.lat, MINNEAPOLIS.lng, 6);
    const nextDoor = pieceKeyAt(SEATTLE.lat + 0.01, SEATTLE.lng, 14);
    expect(holdsAround(SEATTLE, list, undefined)).toBe(false);
    expect(holdsAround(SEATTLE, list, { all: [seattleKey, farKey], held: [seattleKey, farKey] })).toBe(true);
    // Minneapolis is far past the 25th nearest in Seattle: it cannot change the first page.
    expect(holdsAround(SEATTLE, list, { all: [seattleKey, farKey], held: [seattleKey] })).toBe(true);
    // A piece next door could: not held yet, the spot is not held.
    expect(holdsAround(SEATTLE, list, { all: [seattleKey, nextDoor], held: [seattleKey] })).toBe(false);
    // In Minneapolis the device holds nothing near, so nothing but every piece will do.
    expect(holdsAround(MINNEAPOLIS, list, { all: [seattleKey, farKey], held: [seattleKey] })).toBe(false);
  });
});
