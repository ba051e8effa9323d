/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { KEEP_TILES_ON_SCREEN, MAX_TILES_ON_SCREEN } from '../lib/map-tiles/tiles-on-screen-message';

const TILE_CACHE_NAME = 'map-tiles';

/** `/{z}/{x}/{y}.png`, also jpg/webp and retina `@2x`; the query string is not part of the path. */
const TILE_PATH = /\/\d+\/\d+\/\d+(?:@2x)?\.(?:png|jpe?g|webp)$/i;

/**
 * The tile server is configuration (TILE_URL), so tiles are recognised by the shape of their path
 * on any host rather than by one host name. The app's own api is never a tile.
 */
export function requestIsMapTile(url: URL, destination: RequestDestination): boolean {
  return destination === 'image' && !url.pathname.startsWith('/api/') && TILE_PATH.test(url.pathname);
}

function parsedUrl(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

/**
 * The tile addresses in a page's keep-tiles-on-screen message; nothing for any other message, and
 * nothing that is not a map tile on an http(s) server, whatever the page sent.
 */
export function tilesToKeep(data: unknown): URL[] {
  if (typeof data !== 'object' || data === null) return [];
  const { type, urls } = data as { type?: unknown; urls?: unknown };
  if (type !== KEEP_TILES_ON_SCREEN || !Array.isArray(urls)) return [];
  const tiles = new Map<string, URL>();
  for (const href of urls.slice(0, MAX_TILES_ON_SCREEN)) {
    const url = typeof href === 'string' ? parsedUrl(href) : null;
    if (url === null) continue;
    if ((url.protocol === 'https:' || url.protocol === 'http:') && requestIsMapTile(url, 'image')) tiles.set(url.href, url);
  }
  return [...tiles.values()];
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
export function registerTileCache(scope: ServiceWorkerGlobalScope): void {
  const tiles = new CacheFirst({
    cacheName: TILE_CACHE_NAME,
    plugins: [
      keepOnlyOkResponses,
      new ExpirationPlugin({ maxEntries: 1500, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  });
  registerRoute(({ url, request }) => requestIsMapTile(url, request.destination), tiles);

  // Tiles a page drew before this worker took it over (a first visit on a slow connection) never
  // came through the route above. The page sends them once it is taken over; they go through the
  // same strategy, so they are kept exactly as if the route had seen them: the CORS answer (as the
  // map's crossOrigin images ask), only if whole, within the same bounds. Only tiles already on
  // screen are sent, so this is keeping what was viewed, not prefetching.
  scope.addEventListener('message', (event) => {
    const urls = tilesToKeep(event.data);
    if (urls.length === 0) return;
    const kept = urls.map((url) => {
      const request = new Request(url, { mode: 'cors', credentials: 'same-origin' });
      // A tile that cannot be fetched now is simply not kept; the page already shows it or its gap.
      return Promise.allSettled(tiles.handleAll({ request, event }));
    });
    event.waitUntil(Promise.all(kept));
  });
}
