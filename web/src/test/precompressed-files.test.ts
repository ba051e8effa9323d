// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../build-tools/precompressed-files';

/** Script-like text long enough to be worth compressing, different for each name. */
const script = (name: string) => Array.from({ length: 200 }, (_, line) => `export const ${name}${line} = "${name} line ${line}";`).join('\n');

describe('the pre-compressed copies of a build', () => {
  const dist = mkdtempSync(join(tmpdir(), 'allstall-precompress-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const files: Record<string, string | Buffer> = {
    'index.html': `<!doctype html><title>allstall</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}`,
    'service-worker.js': script('precache'),
    'manifest.webmanifest': JSON.stringify({ name: 'allstall', icons: Array.from({ length: 80 }, (_, size) => ({ src: `/icons/${size}.png` })) }),
    'assets/index-abc123.js': script('entry'),
    'assets/index-abc123.css': '.row { display: grid; }\n'.repeat(100),
    'assets/small-abc123.js': 'export const greeting = (name) => `Hello, ${name}`; export const farewell = (name) => `Goodbye, ${name}`;\n'.repeat(3),
    'assets/tiny-abc123.js': 'export const x = 1;',
    // Already compressed: neither an image nor random bytes gets smaller, so neither gets a copy.
    'icons/icon-192.png': randomBytes(4096),
    'assets/random-abc123.js': randomBytes(4096),
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  const written = precompressDirectory(dist);

  it.each(['index.html', 'service-worker.js', 'manifest.webmanifest', 'assets/index-abc123.js', 'assets/index-abc123.css', 'assets/small-abc123.js'])(
    'writes %s.br and .gz beside it, each decoding to the file byte for byte and smaller than it',
    async (path) => {
      await written;
      const original = readFileSync(join(dist, path));
      const br = readFileSync(join(dist, `${path}.br`));
      const gz = readFileSync(join(dist, `${path}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length / 2);
      expect(gz.length).toBeLessThan(original.length / 2);
    },
  );

  it('leaves images and what would not shrink (a one-line script, random bytes) without copies, and reports what it wrote', async () => {
    const report = await written;
    for (const path of ['assets/tiny-abc123.js', 'icons/icon-192.png', 'assets/random-abc123.js']) {
      expect(existsSync(join(dist, `${path}.br`)), path).toBe(false);
      expect(existsSync(join(dist, `${path}.gz`)), path).toBe(false);
    }
    expect(report.map((file) => file.file.split('\\').join('/')).sort()).toEqual(
      ['assets/index-abc123.css', 'assets/index-abc123.js', 'assets/random-abc123.js', 'assets/small-abc123.js', 'assets/tiny-abc123.js', 'index.html', 'manifest.webmanifest', 'service-worker.js'],
    );
    const entry = report.find((file) => file.file.endsWith('index-abc123.js'))!;
    expect(entry.brotliBytes).toBe(readFileSync(join(dist, 'assets/index-abc123.js.br')).length);
  });

  it('does not compress its own copies again when run over the same build twice', async () => {
    await written;
    await precompressDirectory(dist);
    expect(existsSync(join(dist, 'index.html.br.br'))).toBe(false);
    expect(existsSync(join(dist, 'index.html.gz.gz'))).toBe(false);
  });
});
