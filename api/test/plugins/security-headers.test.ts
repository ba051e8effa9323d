import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, tileSource } from '../../src/plugins/content-security-policy.js';
import { updateRestroom } from '../support/database-fixtures.js';
import { insertRestroom, pull } from '../support/fixtures.js';
import { makeWebDist, useTestApp } from '../support/helpers.js';

const TILE_URL = 'https://{s}.tiles.example.net/styles/{z}/{x}/{y}{r}.png';
const GEOCODER_URL = 'https://geocoder.example.com';

const webParent = mkdtempSync(path.join(tmpdir(), 'allstall-web-'));
const testApp = useTestApp({ TILE_URL, GEOCODER_URL, WEB_DIST_DIR: makeWebDist(webParent) });
afterAll(() => rmSync(webParent, { recursive: true, force: true }));

/** Answers a browser renders or runs: the app shell, a deep link, the service worker, a script. */
const URLS = ['/', '/bathrooms/123', '/sw.js', '/assets/index-abc123.js'];
/** API answers: JSON a page reads, never renders. */
const API_URLS = ['/api/health', '/api/bathrooms', '/api/sync?limit=5', '/api/sync/snapshot', '/api/nothing-here'];
/** What only a rendered document (or old plug-ins) act on; left off API answers to keep them small. */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'permissions-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function policyOf(header: unknown): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name, ...sources]) => [name!, sources]),
  );
}

async function get(url: string, status = 200) {
  const response = await testApp().app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
  expect(response.statusCode, url).toBe(status);
  return response;
}

/** Bytes of the header block as sent on HTTP/1.1 (`name: value` lines), the part of an answer besides its body. */
function headerBytes(headers: Record<string, unknown>): number {
  return Object.entries(headers).reduce((total, [name, value]) => {
    const values = Array.isArray(value) ? value : [value];
    return total + values.reduce((sum: number, one) => sum + Buffer.byteLength(`${name}: ${String(one)}\r\n`), 0);
  }, 0);
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
  it('are on every page and file', async () => {
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

  it('on API answers, are those that protect data, without the ones only a document acts on', async () => {
    for (const url of API_URLS) {
      const { headers } = await get(url, url === '/api/nothing-here' ? 404 : 200);
      expect(headers['content-type'], url).not.toMatch(/^text\/html/);
      // Never read as anything but what it is, never loaded by another site, only over HTTPS.
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(headers['strict-transport-security'], url).toMatch(/max-age=\d{6,}/);
      expect(headers['x-powered-by'], url).toBeUndefined();
      for (const name of DOCUMENT_ONLY) expect(headers[name], `${url} ${name}`).toBeUndefined();
    }
    // /api without the slash is a page of the web app (the admin tools screen), with all of them.
    const page = await get('/api');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const name of DOCUMENT_ONLY) expect(page.headers[name], name).toBeDefined();
  });

  it('keep a feed page after one change small: its headers are a third of what the page shell carries', async () => {
    const { app } = testApp();
    const id = await insertRestroom(app.db);
    const { cursor } = await pull(app);
    await updateRestroom(app.db, id, { name: 'Renamed once' }, Date.now());
    const delta = await app.inject({ method: 'GET', url: `/api/sync?since=${cursor}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(delta.json<{ restrooms: Array<{ name: string }> }>().restrooms.map((row) => row.name)).toEqual(['Renamed once']);
    expect(delta.headers['content-security-policy']).toBeUndefined();
    const shell = await get('/');
    expect(shell.headers['content-security-policy']).toBeDefined();
    expect(headerBytes(delta.headers) * 3).toBeLessThan(headerBytes(shell.headers));
    expect(headerBytes(delta.headers)).toBeLessThan(450);
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
    expect(contentSecurityPolicy({ tileUrl: TILE_URL, cookieSecure: true, mapPack: null })['upgrade-insecure-requests']).toEqual([]);
    expect(contentSecurityPolicy({ tileUrl: TILE_URL, cookieSecure: 'auto', mapPack: null })).not.toHaveProperty('upgrade-insecure-requests');
  });
});
