/*
 * Which navigations the service worker answers with the app shell. Every in-app address opens it;
 * anything under /api/ always goes to the network: data lives in IndexedDB, never in this cache,
 * and a link to a file the server makes (the open-data export, /api/export/restrooms.csv) must
 * reach the server, not open the app. '/api' alone is the tools screen, a page like any other.
 */

/** Matched against the path and query of the navigation, as Workbox's NavigationRoute matches its denylist. */
const APP_SHELL_DENYLIST: readonly RegExp[] = [/^\/api\//];

/** Whether a navigation to `url` opens the app shell: the service worker's navigation route asks this. */
export function navigationOpensAppShell(url: URL): boolean {
  const pathAndQuery = url.pathname + url.search;
  return !APP_SHELL_DENYLIST.some((pattern) => pattern.test(pathAndQuery));
}
