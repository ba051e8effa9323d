/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

export const TILE_CACHE_NAME = 'map-tiles';

/** `/{z}/{x}/{y}.png`, also jpg/webp and retina `@2x`; the query string is not part of the path. */
const TILE_PATH = /\/\d+\/\d+\/\d+(?:@2x)?\.(?:png|jpe?g|webp)$/i;

/**
 * The tile server is configuration (TILE_URL), so tiles are recognised by the shape of their path
 * on any host rather than by one host name. The app's own api is never a tile.
 */
export function requestIsMapTile(url: URL, destination: RequestDestination): boolean {
  return destination === 'image' && !url.pathname.startsWith('/api/') && TILE_PATH.test(url.pathname);
}

/**
 * Only a whole, readable tile is kept: an opaque answer (status 0) could be an error page that would
 * then be shown offline for a month, and it counts several megabytes against the quota.
 */
const keepOnlyOkResponses: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

/**
 * Keeps the tiles the person has looked at, so a street seen before still draws offline. Nothing is
 * fetched ahead: the OpenStreetMap tile policy forbids prefetching areas. Bounded by count and age so
 * a long-lived install does not grow without limit; dropped first when the device runs out of space.
 */
export function registerTileCache(): void {
  registerRoute(
    ({ url, request }) => requestIsMapTile(url, request.destination),
    new CacheFirst({
      cacheName: TILE_CACHE_NAME,
      plugins: [
        keepOnlyOkResponses,
        new ExpirationPlugin({ maxEntries: 1500, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      ],
    }),
  );
}
