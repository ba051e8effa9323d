import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/helpers.js';

const testApp = useTestApp({ DEMO_DATA: '1' });

describe('compressed answers for slow connections', () => {
  it('sends the change feed brotli-compressed to clients that accept it, at a fraction of its size', async () => {
    const plain = await testApp().app.inject({ method: 'GET', url: '/api/sync?limit=200' });
    const compressed = await testApp().app.inject({
      method: 'GET',
      url: '/api/sync?limit=200',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    const decoded = brotliDecompressSync(compressed.rawPayload).toString('utf8');
    expect(JSON.parse(decoded)).toEqual(plain.json());
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('falls back to gzip, and leaves clients that accept neither with plain JSON', async () => {
    const gzipped = await testApp().app.inject({ method: 'GET', url: '/api/bathrooms', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toHaveLength(606);
    const identity = await testApp().app.inject({ method: 'GET', url: '/api/bathrooms', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toHaveLength(606);
  });
});
