import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlibConstants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';

/*
 * Bodies compressed once and served to many: the first-sync snapshot and the open-data export. The
 * identity body is not kept; the rare client that takes neither coding gets it unpacked from gzip
 * as it is sent (routes/sync-snapshot.ts, routes/export.ts).
 */

/**
 * Brotli quality, measured on the snapshot of 100,000 synthetic restrooms (web/bench's generator,
 * 27 MB of lines) on a shared two-core machine: quality 4 makes 6.23 MB in 0.9 s, 5 6.27 MB in
 * 2.1 s, 6 6.13 MB in 1.7 s, 9 5.88 MB in 3.8 s and 11 5.13 MB in 61 s (gzip -9: 6.53 MB in 1.3 s);
 * 250,000 take about 2.5 times as long. 6 is the smallest that builds in a few seconds at 250,000.
 * A build runs once per version (at most once per SNAPSHOT_MAX_AGE_SECONDS while the feed moves),
 * in the thread pool, so the event loop never waits on it.
 */
export const BODY_BROTLI_QUALITY = 6;
const BODY_BROTLI_WINDOW_BITS = 22;
const BODY_GZIP_LEVEL = 9;

/** One body, compressed both ways. */
export interface CompressedBody {
  /** Bytes of the uncompressed body. */
  identityLength: number;
  gzip: Buffer;
  br: Buffer;
}

/** Compresses the chunks of a text body with gzip and brotli at once. */
export async function compressBody(chunks: readonly Buffer[]): Promise<CompressedBody> {
  const identityLength = chunks.reduce((total, chunk) => total + chunk.length, 0);
  const [gzip, br] = await Promise.all([
    compress(chunks, createGzip({ level: BODY_GZIP_LEVEL })),
    compress(
      chunks,
      createBrotliCompress({
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: BODY_BROTLI_QUALITY,
          [zlibConstants.BROTLI_PARAM_LGWIN]: BODY_BROTLI_WINDOW_BITS,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identityLength,
        },
      }),
    ),
  ]);
  return { identityLength, gzip, br };
}

/** Runs the chunks through a zlib stream: zlib's async API, so the work happens in the thread pool. */
async function compress(chunks: readonly Buffer[], compressor: Gzip | BrotliCompress): Promise<Buffer> {
  const output: Buffer[] = [];
  await pipeline(
    Readable.from(chunks),
    compressor,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        output.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(output);
}
