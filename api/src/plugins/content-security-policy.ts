import type { AppConfig } from '../config.js';

/**
 * The origin a tile URL template loads from, as a CSP source. Leaflet fills `{s}` with a subdomain
 * letter, so a template like https://{s}.tile.example.org becomes https://*.tile.example.org.
 */
export function tileSource(tileUrl: string): string {
  const withSubdomainWildcard = tileUrl.replace(/\{s\}/g, 'subdomain-placeholder');
  const { protocol, host } = new URL(withSubdomainWildcard.replace(/[{}]/g, ''));
  return `${protocol}//${host.replace('subdomain-placeholder', '*')}`;
}

/**
 * The origin the device reads the map pack from, when that is not ours: MAP_PACK_URL's, for the
 * fetches of its byte ranges (connect-src, and nothing else: its bytes are read, never loaded as an
 * image or a script). A pack the api serves (MAP_PACK_FILE) is on our origin, which 'self' allows.
 * A MAP_PACK_URL on this app's own origin adds that origin again, which allows nothing more: the
 * policy cannot tell, as the api does not know the name it is reached by.
 */
function mapPackSource(mapPack: AppConfig['mapPack']): string | null {
  if (mapPack?.kind !== 'url') return null;
  return new URL(mapPack.url).origin;
}

/**
 * The app's Content-Security-Policy: its own scripts, styles and API, plus images (and the service
 * worker's fetches) from the configured tile server, the fetches of a map pack at MAP_PACK_URL, and
 * nothing else. The geocoder is absent on
 * purpose: the browser never talks to it, only the api does, so allowing it would only widen what
 * injected script could reach. No inline script or style, no eval, no framing by other sites.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'tileUrl' | 'cookieSecure' | 'mapPack'>): Record<string, string[]> {
  const tiles = tileSource(config.tileUrl);
  const pack = mapPackSource(config.mapPack);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'connect-src': ["'self'", tiles, ...(pack === null || pack === tiles ? [] : [pack])],
    'font-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'img-src': ["'self'", 'data:', 'blob:', tiles],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'worker-src': ["'self'"],
    // Only where the site is served over HTTPS for sure; on plain http://127.0.0.1 it would break
    // loads from a local tile server.
    ...(config.cookieSecure === true ? { 'upgrade-insecure-requests': [] } : {}),
  };
}
