/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { APP_SHELL_DENYLIST } from './app-shell-navigation';
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
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: APP_SHELL_DENYLIST }));

registerOutboxSync(self);
registerTileCache(self);
