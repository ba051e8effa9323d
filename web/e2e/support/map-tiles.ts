import type { Page } from 'playwright-core';

/** The service worker's tile cache (`TILE_CACHE_NAME` in src/sw/tile-cache.ts). */
const TILE_CACHE_NAME = 'map-tiles';

export interface ShownTile {
  src: string;
  /** Finished, drawn or not. */
  settled: boolean;
  /** Drawn by Leaflet with a real image. */
  drawn: boolean;
  /** Finished without an image: a blank square on the map. */
  failed: boolean;
}

/** The map's tile images as the page has them now. */
export function mapTiles(page: Page): Promise<ShownTile[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((image) => ({
      src: image.src,
      settled: image.complete,
      drawn: image.classList.contains('leaflet-tile-loaded') && image.complete && image.naturalWidth > 0,
      failed: image.complete && image.naturalWidth === 0,
    })),
  );
}

/** How many of `urls` the service worker has stored in its tile cache. */
export function tilesKept(page: Page, urls: string[]): Promise<number> {
  return page.evaluate(
    async ({ cacheName, urls }) => {
      const cache = await caches.open(cacheName);
      const matches = await Promise.all(urls.map((url) => cache.match(url)));
      return matches.filter((match) => match !== undefined).length;
    },
    { cacheName: TILE_CACHE_NAME, urls },
  );
}

/** /bathrooms in its map view: the list or the map, whichever the screen opens with, and the map one press away. */
export async function showMapView(page: Page): Promise<void> {
  const mapView = page.getByRole('button', { name: 'Map view' });
  const map = page.locator('.restroom-map .leaflet-container');
  await mapView.or(map).first().waitFor();
  if (await mapView.isVisible()) await mapView.click();
  await map.waitFor();
}
