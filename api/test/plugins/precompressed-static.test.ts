import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/helpers.js';

/** Script-like text, long enough that the build gives it copies and the api would compress it. */
const script = (name: string) => Array.from({ length: 300 }, (_, line) => `export const ${name}${line} = "${name} line ${line}";`).join('\n');

/**
 * A web build as `vite build` leaves it (web/build-tools/precompressed-files.ts): Brotli at quality
 * 11 and gzip at level 9 beside the app page, the service worker and the entry script. The api's
 * own on-the-fly Brotli is quality 5, so a copy sent byte for byte was not compressed again. The
 * lazily loaded script has no copies, as a build made without them would.
 */
function makePrecompressedWebDist(parentDir: string): string {
  const dist = path.join(parentDir, 'web-dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': `<!doctype html><title>allstall</title>${'<link rel="modulepreload" href="/assets/index-abc123.js">'.repeat(30)}<div id="root"></div>`,
    'service-worker.js': script('precache'),
    'assets/index-abc123.js': script('entry'),
    'assets/lazy-def456.js': script('lazy'),
  };
  for (const [file, text] of Object.entries(files)) {
    writeFileSync(path.join(dist, file), text);
    if (file.includes('lazy')) continue;
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text, { level: 9 }));
  }
  return dist;
}

const webParent = mkdtempSync(path.join(tmpdir(), 'allstall-web-'));
const webDist = makePrecompressedWebDist(webParent);
const testApp = useTestApp({ WEB_DIST_DIR: webDist });
afterAll(() => rmSync(webParent, { recursive: true, force: true }));

const built = (file: string) => readFileSync(path.join(webDist, file));
/** What Chromium sends. */
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*', 'accept-encoding': 'gzip, deflate, br, zstd' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function get(url: string, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') {
  return testApp().app.inject({ method, url, headers });
}

describe('the web build’s pre-compressed files', () => {
  it('sends a hashed script’s own .br file byte for byte to a browser, cached for good', async () => {
    const response = await get('/assets/index-abc123.js', BROWSER);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.equals(built('assets/index-abc123.js.br'))).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).equals(built('assets/index-abc123.js'))).toBe(true);
    expect(response.headers['content-length']).toBe(String(built('assets/index-abc123.js.br').length));
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends the .gz file to a client that takes gzip only, or refuses Brotli', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/assets/index-abc123.js', { 'accept-encoding': acceptEncoding });
      expect(response.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(response.rawPayload.equals(built('assets/index-abc123.js.gz')), acceptEncoding).toBe(true);
      expect(gunzipSync(response.rawPayload).equals(built('assets/index-abc123.js'))).toBe(true);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('sends the plain file to a client that takes no compression, still marked as varying', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Array<Record<string, string>>) {
      const response = await get('/assets/index-abc123.js', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.rawPayload.equals(built('assets/index-abc123.js'))).toBe(true);
      // A shared cache must not hand this plain answer to a browser that takes Brotli, nor the reverse.
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('opens /bathrooms, /bathrooms/123 and / with index.html’s own .br file, never cached', async () => {
    for (const url of ['/bathrooms', '/bathrooms/123', '/']) {
      const response = await get(url, BROWSER);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.rawPayload.equals(built('index.html.br')), url).toBe(true);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    const head = await get('/bathrooms/123', BROWSER, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(built('index.html.br').length));
    expect(head.rawPayload.length).toBe(0);
    const gzipped = await get('/bathrooms', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(gzipped.rawPayload.equals(built('index.html.gz'))).toBe(true);
    const plain = await get('/bathrooms', { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(built('index.html').toString('utf8'));
  });

  it('sends the service worker’s own .br file, never cached, so a new worker is found on the next load', async () => {
    const response = await get('/service-worker.js', BROWSER);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.equals(built('service-worker.js.br'))).toBe(true);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('still compresses a script without copies on the fly, decoding to the file', async () => {
    const response = await get('/assets/lazy-def456.js', BROWSER);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).equals(built('assets/lazy-def456.js'))).toBe(true);
    expect(response.rawPayload.length).toBeLessThan(built('assets/lazy-def456.js').length / 2);
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers HEAD with the headers of the GET it stands for and no body', async () => {
    const response = await get('/assets/index-abc123.js', BROWSER, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-length']).toBe(String(built('assets/index-abc123.js.br').length));
    expect(response.rawPayload.length).toBe(0);
  });

  it('serves a byte range of the file sent: of the plain file, or of the .br file under Content-Encoding br', async () => {
    const plain = await get('/assets/index-abc123.js', { range: 'bytes=0-99' });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-range']).toBe(`bytes 0-99/${built('assets/index-abc123.js').length}`);
    expect(plain.rawPayload.equals(built('assets/index-abc123.js').subarray(0, 100))).toBe(true);
    // A range applies to the representation sent, encoding included (RFC 9110 §14.1.2).
    const encoded = await get('/assets/index-abc123.js', { ...BROWSER, range: 'bytes=0-99' });
    expect(encoded.statusCode).toBe(206);
    expect(encoded.headers['content-encoding']).toBe('br');
    expect(encoded.headers['content-range']).toBe(`bytes 0-99/${built('assets/index-abc123.js.br').length}`);
    expect(encoded.rawPayload.equals(built('assets/index-abc123.js.br').subarray(0, 100))).toBe(true);
  });

  it('gives each encoding its own ETag, and answers a revalidation with 304 only for the same one', async () => {
    const br = await get('/', BROWSER);
    const plain = await get('/', { accept: 'text/html' });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers['last-modified']).toBeTruthy();
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await get('/', { ...BROWSER, 'if-none-match': String(br.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    const otherEncoding = await get('/', { ...BROWSER, 'if-none-match': String(plain.headers.etag) });
    expect(otherEncoding.statusCode).toBe(200);
    expect(otherEncoding.rawPayload.equals(built('index.html.br'))).toBe(true);
  });
});
