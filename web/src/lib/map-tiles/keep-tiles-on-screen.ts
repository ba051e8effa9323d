import { KEEP_TILES_ON_SCREEN, MAX_TILES_ON_SCREEN, type KeepTilesOnScreenMessage } from './tiles-on-screen-message';

/** The addresses of the map's tile images in the page (Leaflet marks each `img.leaflet-tile`), drawn or still loading. */
export function tilesOnScreen(root: ParentNode): string[] {
  const urls = new Set<string>();
  for (const image of root.querySelectorAll<HTMLImageElement>('img.leaflet-tile')) {
    // Leaflet blanks a tile it drops with a data: image; only addresses on a tile server count.
    if (/^https?:/i.test(image.src)) urls.add(image.src);
  }
  return [...urls].slice(0, MAX_TILES_ON_SCREEN);
}

/**
 * On a first visit over a slow connection the map draws before the service worker has taken over,
 * so the worker never sees those tiles and the very view the person looked at is blank offline.
 * When a worker first takes control of this page, it is handed the tiles on screen to keep (it
 * fetches and stores them as it would have). A page that already had a worker needs nothing: every
 * tile it drew went through one, and a newer worker shares the same tile cache.
 */
export function keepTilesOnScreenAtTakeover(container: ServiceWorkerContainer, root: ParentNode): void {
  if (container.controller !== null) return;
  container.addEventListener(
    'controllerchange',
    () => {
      const urls = tilesOnScreen(root);
      if (urls.length === 0) return;
      const message: KeepTilesOnScreenMessage = { type: KEEP_TILES_ON_SCREEN, urls };
      container.controller?.postMessage(message);
    },
    { once: true },
  );
}
