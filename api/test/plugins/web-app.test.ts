import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeWebDist, useTestApp } from '../support/helpers.js';

const webParent = mkdtempSync(path.join(tmpdir(), 'allstall-web-'));
const webDist = makeWebDist(webParent);
const testApp = useTestApp({ WEB_DIST_DIR: webDist });
afterAll(() => rmSync(webParent, { recursive: true, force: true }));

const HTML = { accept: 'text/html,application/xhtml+xml' };

describe('the built web app', () => {
  it('serves index.html at / without caching', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for app routes (single-page app)', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/bathrooms/xyz', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('treats bare /api as an app page (the admin tools screen), not as the API', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/api?tab=geocode', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('caches hashed assets for good and the service worker not at all', async () => {
    const asset = await testApp().app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await testApp().app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('keeps a missing file a 404 and /api paths JSON', async () => {
    const missingAsset = await testApp().app.inject({ method: 'GET', url: '/assets/gone-123.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    const api = await testApp().app.inject({ method: 'GET', url: '/api/nope', headers: HTML });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
