import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  DEFAULT_REGION,
  NEAR_YOU_MILES,
  orderOutward,
  outwardDistanceMiles,
  restroomDistanceMilesExact,
  type LatLng,
  type Restroom,
  type SyncSnapshotHeader,
  type SyncSnapshotLine,
} from '@allstall/shared';
import { metaGet } from '@/lib/db/db';
import type { SnapshotStream } from '@/lib/sync/snapshot-lines';
import { makePage, makeRestroom } from '@/test/fixtures';
import { snapshotLines, snapshotStream } from '@/test/snapshot-body';
import { fakeApiClient, testServices } from '@/test/services';
import { fakeGeolocation, listedNames, positionAt, renderBathroomsPage, replaceNavigator, showList } from './bathrooms-page-test-kit';

vi.mock('../restrooms-map/restroom-map', () => import('./bathrooms-page-test-map'));

/*
 * A first visit far from the region's centre: the snapshot comes nearest first from downtown
 * Minneapolis (docs/offline-data.md#first-sync-in-pieces), so a person in Chicago, about
 * 570 km away, gets their restrooms once the download has passed Chicago, long before Denver and
 * Honolulu; the list must show them then, not at the end line.
 */

const restores: Array<() => void> = [];
afterEach(() => {
  cleanup();
  while (restores.length) restores.pop()!();
  localStorage.clear();
  sessionStorage.clear();
});

/** Millennium Park, where the person stands. */
const PERSON: LatLng = { lat: 41.8827, lng: -87.6233 };
const ROWS_PER_LINE = 5;
/** Generous: a loaded two-core machine, and the mirror tells the list at most every 300 ms during a first sync. */
const PATIENCE = { timeout: 15_000 };

/** `count` restrooms named `name 1`… around `centre`, each `step` degrees further out on its own bearing. */
function around(name: string, centre: LatLng, count: number, step: number): Restroom[] {
  return Array.from({ length: count }, (_, at) => {
    const angle = (at * 137 * Math.PI) / 180;
    const out = step * (at + 1);
    return makeRestroom({ name: `${name} ${at + 1}`, latitude: centre.lat + out * Math.cos(angle), longitude: centre.lng + out * Math.sin(angle) });
  });
}

const restrooms: Restroom[] = [
  ...around('Minneapolis', DEFAULT_REGION.listOrigin, 30, 0.004),
  ...around('Milwaukee', { lat: 43.0389, lng: -87.9065 }, 5, 0.003),
  ...around('Chicago', PERSON, 8, 0.004),
  ...around('Gary', { lat: 41.5934, lng: -87.3464 }, 3, 0.003),
  ...around('Denver', { lat: 39.7392, lng: -104.9903 }, 5, 0.003),
  ...around('Honolulu', { lat: 21.3069, lng: -157.8583 }, 3, 0.003),
  makeRestroom({ name: 'Nowhere 1', latitude: null, longitude: null }),
];

/** The restrooms in the order the api sends them for the default region (api/src/repositories/snapshot-rows.ts). */
function inServerOrder(rows: readonly Restroom[]): Restroom[] {
  const byId = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const origins = [DEFAULT_REGION.listOrigin, DEFAULT_REGION.mapCenter];
  return Array.from(orderOutward(byId.map((row) => outwardDistanceMiles(row, origins))), (at) => byId[at]!);
}

/** A snapshot whose lines the test hands over one at a time, as a slow download would. */
function heldSnapshot(lines: [SyncSnapshotHeader, ...SyncSnapshotLine[]]) {
  let released = 0;
  let sent = 0;
  let wake: (() => void) | null = null;
  // One piece holding every line, as tests write snapshots (test/snapshot-body.ts).
  const whole = snapshotStream(lines);
  const stream: SnapshotStream = {
    ...whole,
    lines: (async function* () {
      for await (const line of whole.lines) {
        if ('piece' in line) {
          yield line;
          continue;
        }
        while (released <= sent) await new Promise<void>((resolve) => (wake = resolve));
        sent++;
        yield line;
      }
    })(),
  };
  return {
    stream,
    /** Lets the download go on up to and including line `index` (0 = the first after the header). */
    releaseThrough(index: number) {
      released = Math.max(released, index + 1);
      wake?.();
    },
    /** Lines the engine has taken so far. */
    get sent() {
      return sent;
    },
  };
}

const NEARER_UNSAVED = 'Nearer restrooms may not be saved on this device yet.';
const originLine = () => document.querySelector('.bathrooms-page__origin')?.textContent;

const fromPerson = (row: Restroom) => restroomDistanceMilesExact(PERSON, { lat: row.latitude!, lng: row.longitude! });

describe('a first sync for a person far from the region’s centre', () => {
  it('lists their nearest restrooms, nearest first, as soon as the lines holding them are in, before the end line', async () => {
    const ordered = inServerOrder(restrooms);
    const lines = snapshotLines('40', ordered, [], { lineRows: ROWS_PER_LINE });
    const lineOf = (row: Restroom) => Math.floor(ordered.indexOf(row) / ROWS_PER_LINE);
    const endLine = lines.length - 2;
    const snapshot = heldSnapshot(lines);
    const services = testServices(
      fakeApiClient({ syncSnapshot: () => Promise.resolve(snapshot.stream), syncPage: () => Promise.resolve(makePage({ cursor: '40' })) }),
    );
    restores.push(replaceNavigator('geolocation', fakeGeolocation((ok) => ok(positionAt(PERSON.lat, PERSON.lng)))));
    renderBathroomsPage(services);
    await showList();
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Closest to you first.')).toBeTruthy();

    const placed = restrooms.filter((row) => row.latitude !== null);
    const nearest = [...placed].sort((a, b) => fromPerson(a) - fromPerson(b)).slice(0, 5);
    expect(nearest.every((row) => row.name.startsWith('Chicago'))).toBe(true);
    const firstChicagoLine = Math.min(...nearest.map(lineOf));
    const lastNearestLine = Math.max(...nearest.map(lineOf));
    // The server's order puts them after the Twin Cities and Milwaukee, and well before the end.
    expect(firstChicagoLine).toBeGreaterThan(lineOf(restrooms.find((row) => row.name === 'Milwaukee 1')!));
    expect(lastNearestLine).toBeLessThan(lineOf(restrooms.find((row) => row.name === 'Denver 1')!));

    const pulled = services.sync.pull();

    // Before Chicago: what the device holds nearest to the person is Milwaukee, shown while the download goes on.
    snapshot.releaseThrough(firstChicagoLine - 1);
    const held = ordered.slice(0, firstChicagoLine * ROWS_PER_LINE);
    const nearestHeld = [...held].sort((a, b) => fromPerson(a) - fromPerson(b))[0]!;
    expect(nearestHeld.name).toMatch(/^Milwaukee/);
    await waitFor(() => expect(listedNames()[0]).toBe(nearestHeld.name), PATIENCE);
    // Further than NEAR_YOU_MILES, the nearest so far is said to be no more than that.
    expect(fromPerson(nearestHeld)).toBeGreaterThan(NEAR_YOU_MILES);
    expect(originLine()).toBe(`Closest to you first. ${NEARER_UNSAVED}`);

    // The lines holding the five nearest are in: they lead the list, nearest first, and the end line is not sent.
    snapshot.releaseThrough(lastNearestLine);
    await waitFor(() => expect(listedNames().slice(0, 5)).toEqual(nearest.map((row) => row.name)), PATIENCE);
    expect(snapshot.sent).toBe(lastNearestLine + 1);
    expect(originLine()).toBe('Closest to you first.');
    expect(snapshot.sent).toBeLessThan(endLine);
    expect(services.sync.getStatus().state).toBe('syncing');
    expect(await metaGet(services.db, 'syncCursor')).toBeUndefined();
    const shownDistances = screen.getAllByText(/^\d+\.\d{2} mi$/).slice(0, 5).map((node) => Number.parseFloat(node.textContent ?? ''));
    expect(shownDistances).toEqual([...shownDistances].sort((a, b) => a - b));

    // The rest, out to Honolulu and the end line: the top of the list stays theirs.
    snapshot.releaseThrough(endLine);
    expect(await pulled).toBe('synced');
    expect(await screen.findByText(`${restrooms.length} restrooms saved on this device`, {}, PATIENCE)).toBeTruthy();
    expect(listedNames().slice(0, 5)).toEqual(nearest.map((row) => row.name));
    expect(originLine()).toBe('Closest to you first.');
  });

  it('says nearer restrooms may be missing while a download cut short before their lines leaves only restrooms far from them, until a pull saves theirs', async () => {
    const ordered = inServerOrder(restrooms);
    const lines = snapshotLines('40', ordered, [], { lineRows: ROWS_PER_LINE });
    const firstChicagoLine = Math.floor(ordered.findIndex((row) => row.name.startsWith('Chicago')) / ROWS_PER_LINE);
    // The first download: the lines before Chicago's, then the connection drops (one piece, never whole).
    const cut = snapshotStream(lines, firstChicagoLine);
    const whole = () => snapshotStream(lines);
    let downloads = 0;
    const services = testServices(
      fakeApiClient({
        syncSnapshot: () => Promise.resolve(downloads++ === 0 ? cut : whole()),
        syncPage: () => Promise.resolve(makePage({ cursor: '40' })),
      }),
    );
    restores.push(replaceNavigator('geolocation', fakeGeolocation((ok) => ok(positionAt(PERSON.lat, PERSON.lng)))));
    renderBathroomsPage(services);
    await showList();
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Closest to you first.')).toBeTruthy();

    expect(await services.sync.pull()).toBe('failed');
    const held = ordered.slice(0, firstChicagoLine * ROWS_PER_LINE);
    const nearestHeld = [...held].sort((a, b) => fromPerson(a) - fromPerson(b))[0]!;
    await waitFor(() => expect(listedNames()[0]).toBe(nearestHeld.name), PATIENCE);
    await waitFor(() => expect(originLine()).toBe(`Closest to you first. ${NEARER_UNSAVED}`), PATIENCE);

    expect(await services.sync.pull()).toBe('synced');
    await waitFor(() => expect(listedNames()[0]).toMatch(/^Chicago/), PATIENCE);
    expect(originLine()).toBe('Closest to you first.');
  });

  it('says nothing of the kind to a person in the Twin Cities while the rest of the country downloads', async () => {
    const ordered = inServerOrder(restrooms);
    const lines = snapshotLines('40', ordered, [], { lineRows: ROWS_PER_LINE });
    const snapshot = heldSnapshot(lines);
    const services = testServices(
      fakeApiClient({ syncSnapshot: () => Promise.resolve(snapshot.stream), syncPage: () => Promise.resolve(makePage({ cursor: '40' })) }),
    );
    const downtown = DEFAULT_REGION.listOrigin;
    restores.push(replaceNavigator('geolocation', fakeGeolocation((ok) => ok(positionAt(downtown.lat + 0.01, downtown.lng)))));
    renderBathroomsPage(services);
    await showList();
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Closest to you first.')).toBeTruthy();

    const pulled = services.sync.pull();
    snapshot.releaseThrough(0);
    await waitFor(() => expect(listedNames()[0]).toMatch(/^Minneapolis/), PATIENCE);
    expect(services.sync.getStatus().progress).not.toBeNull();
    expect(originLine()).toBe('Closest to you first.');
    snapshot.releaseThrough(lines.length - 2);
    expect(await pulled).toBe('synced');
  });
});
