import { Workbox } from 'workbox-window';

/**
 * Registers /service-worker.js (built from src/sw). It claims the page on first install, so the app
 * shell is cached for offline use from the very first visit.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/service-worker.js', { scope: '/' });
  workbox.register().catch((error: unknown) => {
    console.warn('Service worker registration failed; the app still works online.', error);
  });
}
