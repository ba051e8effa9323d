import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser decodes: images and fonts in dist/ are compressed already and gain nothing. */
const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);

/** One compressible file: its path inside the directory and its sizes (a copy not written counts as the file). */
export interface PrecompressedFile {
  file: string;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible
 * file of `dir`, for the api to send as they are (@fastify/static's `preCompressed`,
 * api/src/plugins/web-app.ts). Done once per build, the slowest settings cost about a second here
 * instead of work on every request there. Small files get copies too: the api sends a file as a
 * stream, which @fastify/compress compresses whatever its size (its 1 KB threshold is for answers
 * in memory). A copy no smaller than its file is not written; the file is then sent as it is.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressedFile[]> {
  const candidates: string[] = [];
  for await (const path of filesUnder(dir)) {
    if (COMPRESSIBLE_EXTENSIONS.has(extname(path).toLowerCase())) candidates.push(path);
  }
  // All at once: zlib's asynchronous calls run on libuv's thread pool, one per core.
  return Promise.all(candidates.map(async (path): Promise<PrecompressedFile> => {
    const content = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipped(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
    ]);
    const written = { file: relative(dir, path), bytes: content.length, brotliBytes: br.length, gzipBytes: gz.length };
    if (br.length < content.length) await writeFile(`${path}.br`, br);
    else written.brotliBytes = content.length;
    if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
    else written.gzipBytes = content.length;
    return written;
  }));
}

/**
 * Compresses the finished build in dist/ (see precompressDirectory). It runs after vite-plugin-pwa
 * has written the service worker and its precache list, so the worker is compressed as it ships and
 * the list never names a `.br` or `.gz` (its globPatterns, vite.config.ts, would not match them either:
 * the browser decodes a compressed answer before Workbox sees it).
 */
export function precompressedFiles(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'allstall-precompressed-files',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error !== undefined) return;
        const files = await precompressDirectory(outDir);
        const sum = (pick: (file: PrecompressedFile) => number) => files.reduce((total, file) => total + pick(file), 0);
        const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
        logger?.info(`${files.length} compressible files, pre-compressed: ${kb(sum((file) => file.bytes))} → ${kb(sum((file) => file.brotliBytes))} brotli, ${kb(sum((file) => file.gzipBytes))} gzip`);
      },
    },
  };
}
