import { DEFAULT_REGION, DEFAULT_TILE_URL } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/helpers.js';

const testApp = useTestApp({ AUTHOR_NAME: 'Test Author' });

describe('system routes', () => {
  it('GET /api/health reports ok and which database it reached', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const expectedEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
    expect(response.json()).toEqual({ status: 'ok', database: expectedEngine });
  });

  it('GET /api/config gives the client its settings', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      authorName: 'Test Author',
      region: {
        name: DEFAULT_REGION.name,
        state: DEFAULT_REGION.state,
        country: 'US',
        timeZone: 'America/Chicago',
        mapCenter: DEFAULT_REGION.mapCenter,
        mapZoom: 15,
        listOrigin: DEFAULT_REGION.listOrigin,
        listOriginName: 'downtown Minneapolis',
        listOriginNames: { es: 'el centro de Minneapolis' },
        units: 'mi',
      },
      tileUrl: DEFAULT_TILE_URL,
      tileAttribution: '© OpenStreetMap contributors',
      // No MAP_PACK_FILE or MAP_PACK_URL: no pack (api/test/map-pack-config.test.ts has the rest).
      map_pack: null,
    });
  });

  it('GET /api/openapi.json describes the routes', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/user/register',
        '/api/bathrooms/nearby',
        '/api/bathrooms/{id}',
        '/api/sync',
        '/api/sync/snapshot',
        '/api/feedback',
        '/api/flags',
        '/api/contact',
        '/api/comments/{id}',
      ]),
    );
    const feedback = document.paths['/api/feedback'].post;
    expect(feedback.tags).toEqual(['feedback']);
    expect(feedback.parameters).toEqual([expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false })]);
    expect(Object.keys(feedback.responses)).toEqual(expect.arrayContaining(['201', '4XX']));
    expect(Object.keys(document.paths['/api/comments/{id}'].delete.responses)).toEqual(expect.arrayContaining(['204', '4XX']));
  });

  it('answers an unknown /api path with 404 in the error shape, even when it asks for HTML', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: 'Nothing at GET /api/nope.' });
  });

  it('answers 404 JSON for app paths when no web build exists', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/bathrooms/xyz', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
  });
});
