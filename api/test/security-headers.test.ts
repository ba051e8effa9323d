import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, tileSource } from '../src/content-security-policy.js';
import { makeWebDist, useTestApp } from './helpers.js';

const TILE_URL = 'https://{s}.tiles.example.net/styles/{z}/{x}/{y}{r}.png';
const GEOCODER_URL = 'https://geocoder.example.com';

const webParent = mkdtempSync(path.join(tmpdir(), 'allstall-web-'));
const testApp = useTestApp({ TILE_URL, GEOCODER_URL, WEB_DIST_DIR: makeWebDist(webParent) });
afterAll(() => rmSync(webParent, { recursive: true, force: true }));

/** Every answer the browser may act on: the app shell, a deep link, the service worker, a script, the API. */
const URLS = ['/', '/bathrooms/123', '/sw.js', '/assets/index-abc123.js', '/api/health', '/api/bathrooms'];

function policyOf(header: unknown): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name, ...sources]) => [name!, sources]),
  );
}

async function get(url: string) {
  const response = await testApp().app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
  expect(response.statusCode, url).toBe(200);
  return response;
}

describe('Content-Security-Policy', () => {
  it('allows our own origin and the configured tile server, and nothing else', async () => {
    for (const url of URLS) {
      const policy = policyOf((await get(url)).headers['content-security-policy']);
      const everySource = new Set([...policy.values()].flat());
      expect(everySource, url).toEqual(new Set(["'self'", "'none'", 'data:', 'blob:', 'https://*.tiles.example.net']));
      expect(policy.get('img-src')).toContain('https://*.tiles.example.net');
      // The service worker fetches tiles for its cache: that is a connection, not an image load.
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://*.tiles.example.net']);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
    }
  });

  it('leaves out the geocoder, which only the server talks to', async () => {
    expect((await get('/')).headers['content-security-policy']).not.toContain('geocoder.example.com');
  });
});

describe('the other protective headers', () => {
  it('are on every answer', async () => {
    for (const url of URLS) {
      const { headers } = await get(url);
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(headers['strict-transport-security'], url).toMatch(/max-age=\d{6,}/);
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(headers['x-dns-prefetch-control'], url).toBe('off');
      expect(headers['permissions-policy'], url).toBe('geolocation=(self), camera=(), microphone=(), payment=(), usb=()');
      expect(headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('send only our origin as the referrer, which tile servers ask for, never the page path', async () => {
    expect((await get('/')).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('upgrade-insecure-requests', () => {
  it('is left out unless the site is known to be served over HTTPS', async () => {
    expect(policyOf((await get('/')).headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('tileSource', () => {
  it('turns a tile template into the origin it loads from, subdomains as a wildcard', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource(TILE_URL)).toBe('https://*.tiles.example.net');
    expect(tileSource('http://127.0.0.1:8123/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8123');
  });
});

describe('contentSecurityPolicy', () => {
  it('asks browsers to upgrade insecure loads when the site is served over HTTPS', () => {
    expect(contentSecurityPolicy({ tileUrl: TILE_URL, cookieSecure: true })['upgrade-insecure-requests']).toEqual([]);
    expect(contentSecurityPolicy({ tileUrl: TILE_URL, cookieSecure: 'auto' })).not.toHaveProperty('upgrade-insecure-requests');
  });
});
