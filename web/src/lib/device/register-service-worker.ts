import { importWithRetry } from './import-with-retry';
import { keepTilesOnScreenAtTakeover } from '../map-tiles/keep-tiles-on-screen';

/**
 * Registers /service-worker.js (built from src/sw). It claims the page on first install, so the app
 * shell is cached for offline use from the very first visit, and the map tiles already drawn by then
 * are handed to it to keep.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  keepTilesOnScreenAtTakeover(navigator.serviceWorker, document);
  // Workbox waits for the page's load event before registering anyway, so its code need not be in
  // the first download.
  importWithRetry(() => import('workbox-window'))
    .then(({ Workbox }) => new Workbox('/service-worker.js', { scope: '/' }).register())
    .catch((error: unknown) => {
      console.warn('Service worker registration failed; the app still works online.', error);
    });
}
