import {
  brotliCompressSync,
  constants as zlibConstants,
  createBrotliCompress,
  createGzip,
  gzipSync,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib';

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
 * The snapshot is compressed in its build's worker thread (snapshots/snapshot-worker.ts), the export
 * in the thread pool, so the event loop never waits on either.
 */
const BODY_BROTLI_QUALITY = 6;
const BODY_BROTLI_WINDOW_BITS = 22;
const BODY_GZIP_LEVEL = 9;

/** One body, compressed both ways. */
export interface CompressedBody {
  /** Bytes of the uncompressed body. */
  identityLength: number;
  gzip: Buffer;
  br: Buffer;
}

/** A body being written and compressed both ways as it goes, so its whole text never has to be held. */
export interface CompressingBody {
  /** Resolves once both compressors will take more: a writer that waits for it holds at most their buffers. */
  write: (chunk: Buffer) => Promise<void>;
  /** Ends the body and gives both compressed forms once the compressors have finished. */
  end: () => Promise<CompressedBody>;
  /** Drops a body that will not be finished (its read failed). */
  abort: () => void;
}

/** Starts a body compressed with gzip and brotli at once, in the thread pool (zlib's async API). */
export function compressingBody(): CompressingBody {
  const compressors = startCompressors(0);
  let identityLength = 0;
  return {
    write: async (chunk) => {
      identityLength += chunk.length;
      await Promise.all([written(compressors.gzip, chunk), written(compressors.br, chunk)]);
    },
    end: () => compressors.finish(identityLength),
    abort: () => {
      compressors.gzip.destroy();
      compressors.br.destroy();
    },
  };
}

/** Compresses the chunks of a text body, all at hand, with gzip and brotli at once. */
export async function compressBody(chunks: readonly Buffer[]): Promise<CompressedBody> {
  const identityLength = chunks.reduce((total, chunk) => total + chunk.length, 0);
  const compressors = startCompressors(identityLength);
  // All of it is in memory already, so there is nothing to gain from waiting between chunks.
  for (const chunk of chunks) {
    compressors.gzip.write(chunk);
    compressors.br.write(chunk);
  }
  return compressors.finish(identityLength);
}

/**
 * The same bodies as `compressBody`, compressed on the calling thread, one after the other: for a
 * worker thread, where blocking is the point. Its CPU then counts as the worker's (the snapshot
 * build's figure), and the thread pool stays free for the requests' own work (argon2, files).
 */
export function compressBodyNow(chunks: readonly Buffer[]): CompressedBody {
  const whole = Buffer.concat(chunks);
  return { identityLength: whole.length, gzip: gzipBodyNow(whole), br: brotliBodyNow(whole) };
}

/** A whole body gzipped as every kept body is, on the calling thread (the snapshot bench times it alone). */
export function gzipBodyNow(whole: Buffer): Buffer {
  return gzipSync(whole, { level: BODY_GZIP_LEVEL });
}

/** A whole body in brotli as every kept body is, on the calling thread (the snapshot bench times it alone). */
export function brotliBodyNow(whole: Buffer): Buffer {
  return brotliCompressSync(whole, { params: brotliParams(whole.length) });
}

function brotliParams(sizeHint: number) {
  return {
    [zlibConstants.BROTLI_PARAM_QUALITY]: BODY_BROTLI_QUALITY,
    [zlibConstants.BROTLI_PARAM_LGWIN]: BODY_BROTLI_WINDOW_BITS,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: sizeHint,
  };
}

/** Both compressors, their output gathered; `sizeHint` (the whole length, when known beforehand) lets brotli tune itself. */
function startCompressors(sizeHint: number) {
  const gzip = createGzip({ level: BODY_GZIP_LEVEL });
  const br = createBrotliCompress({ params: brotliParams(sizeHint) });
  const outputs = Promise.all([collected(gzip), collected(br)]);
  // A failure is seen by whoever awaits `finish`; until then it must not count as unhandled.
  outputs.catch(() => undefined);
  const finish = async (identityLength: number): Promise<CompressedBody> => {
    gzip.end();
    br.end();
    const [gzipped, brotli] = await outputs;
    return { identityLength, gzip: gzipped, br: brotli };
  };
  return { gzip, br, finish };
}

/**
 * How much text may wait for a compressor before a writer is held back: about ten batches of the
 * export, so the read goes on while the thread pool compresses, and the wait is for an empty queue.
 */
const COMPRESSOR_QUEUE_BYTES = 8 * 1024 * 1024;

/** Writes a chunk, resolving at once while the compressor's queue is short, else when it drains (or fails). */
function written(compressor: Gzip | BrotliCompress, chunk: Buffer): Promise<void> {
  // Past zlib's own 16 KB mark `write` asks for a drain, which comes once the queue is empty.
  if (compressor.write(chunk) || compressor.writableLength < COMPRESSOR_QUEUE_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      compressor.off('drain', done);
      compressor.off('close', done);
      resolve();
    };
    // On failure `end` rejects with the error; the writer only has to stop waiting.
    compressor.once('drain', done);
    compressor.once('close', done);
  });
}

/** Everything a compressor puts out, once it has finished. */
function collected(compressor: Gzip | BrotliCompress): Promise<Buffer> {
  const output: Buffer[] = [];
  compressor.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve, reject) => {
    compressor.on('end', () => resolve(Buffer.concat(output)));
    compressor.on('error', reject);
    compressor.on('close', () => reject(new Error('the compressor closed before it finished')));
  });
}
