import type { CompactRestroom, LatLng } from '@allstall/shared';
import type { ApiClient } from '@/lib/api/api-client';
import { readStored, writeStored } from '@/lib/settings/stored-settings';

/*
 * Near you first, asked before the first render (docs/offline-data.md#near-you-first). On a first
 * visit to the restrooms with the position already granted, main.tsx asks for the nearby answer as
 * soon as the browser gives a position: beside the first screen's words and code rather than after
 * them and after IndexedDB has opened (a round trip and more on a thin link, and a fresh database
 * took 0.3-0.5 s to open on a busy machine). Whether this device ever saved every restroom is a
 * flag in localStorage, read at once: set, nothing is asked early (the list asks only if its own
 * copy cannot answer). Cleared with the site's data, it goes with the restrooms.
 * use-nearby-first.ts takes that answer when it asks the same question; asked about another place
 * (a searched address kept in the tab), it asks for itself and the early answer goes unused.
 */

/** How many restrooms the nearby answer brings: two pages of the list, and pins around the person on the map. */
const NEARBY_ROWS = 50;

/**
 * The position the server is asked about, to three decimals (about 100 m): enough for the nearest
 * restrooms, without telling the server which building the person stands in. Distances are
 * measured on the device from the true position.
 */
const roughly = (at: LatLng): LatLng => ({ lat: Math.round(at.lat * 1000) / 1000, lng: Math.round(at.lng * 1000) / 1000 });
const keyOf = ({ lat, lng }: LatLng) => `${lat},${lng}`;

let early: { key: string; answer: Promise<CompactRestroom[]> } | null = null;

const SAVED_KEY = 'restroomsSaved';
const SAVED_VERSION = 1;

/** Every restroom is saved on this device (the sync engine's `onSaved`): later starts ask nothing early. */
export function markRestroomsSaved(): void {
  writeStored('local', SAVED_KEY, SAVED_VERSION, true);
}

/** The nearby answer for `at`: the one asked before the first render if it was for the same place, else a request of its own. */
export function askNearby(api: Pick<ApiClient, 'nearbyRestrooms'>, at: LatLng, signal?: AbortSignal): Promise<CompactRestroom[]> {
  const rough = roughly(at);
  if (early?.key === keyOf(rough)) {
    const { answer } = early;
    early = null;
    return answer;
  }
  return api.nearbyRestrooms(rough, NEARBY_ROWS, signal);
}

/** Asks for the nearby answer early when this device never saved every restroom and the position is granted; does nothing otherwise. */
export async function askNearbyEarly(api: Pick<ApiClient, 'nearbyRestrooms'>): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.geolocation || !navigator.permissions) return;
  if (readStored('local', SAVED_KEY, SAVED_VERSION, (value) => (value === true ? true : null))) return;
  const permission = await navigator.permissions.query({ name: 'geolocation' });
  if (permission.state !== 'granted') return;
  const position = await new Promise<LatLng | null>((resolve) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      () => resolve(null),
      { maximumAge: 60_000, timeout: 10_000 },
    ),
  );
  if (position === null) return;
  const rough = roughly(position);
  const answer = api.nearbyRestrooms(rough, NEARBY_ROWS);
  // Unused or failed, it is nobody's error: the list asks for itself and says nothing either way.
  answer.catch(() => undefined);
  early = { key: keyOf(rough), answer };
}
