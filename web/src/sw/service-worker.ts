/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { navigationOpensAppShell } from './app-shell-navigation';
import { registerOutboxSync } from './outbox-sync';
import { registerTileCache } from './tile-cache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Take over at once: the first visit is then already served offline-ready, and a new version
// replaces the old one without waiting for every tab to close.
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every in-app address opens the app shell; /api/* always goes to the network (app-shell-navigation.ts).
registerRoute(({ request, url }) => request.mode === 'navigate' && navigationOpensAppShell(url), createHandlerBoundToURL('index.html'));

registerOutboxSync(self);
registerTileCache(self);
