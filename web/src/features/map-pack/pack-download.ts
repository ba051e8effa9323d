/*
 * Saving the map pack: the bytes of one archive written to a file on the device as they arrive, a
 * piece at a time, and picked up again where they stopped (docs/map-pack.md#on-the-device). No
 * storage API here: the worker gives it a file (OPFS's sync access handle), the tests an array.
 */

/** The file the pack is written to, as the download needs it. */
export interface PackFileAccess {
  size(): number;
  write(bytes: Uint8Array, at: number): void;
  truncate(size: number): void;
  /** Makes what was written so far survive a closed tab. */
  flush(): void;
}

export interface PackDownloadRequest {
  url: string;
  /** The archive's size as /api/config gave it. */
  total: number;
  file: PackFileAccess;
  /** The ETag the bytes already in the file came with; null when there are none or it is unknown. */
  etag: string | null;
  signal: AbortSignal;
  fetch: typeof fetch;
  onProgress(received: number): void;
  /** The tag of the bytes the file now starts with, to be kept for the next resume. */
  onEtag(etag: string | null): void;
}

/** Why a download stopped short; `received` bytes are kept for the next try except on 'changed'. */
export type PackDownloadFailure =
  | { reason: 'network' }
  | { reason: 'gone'; status: number }
  | { reason: 'space' }
  | { reason: 'mismatch'; received: number };

export class PackDownloadError extends Error {
  constructor(readonly failure: PackDownloadFailure) {
    // The reason is the message: the page words it, this is for the console.
    super(failure.reason);
  }
}

/** Write what arrived to the disk every this many bytes: what a closed tab can lose at most. */
const FLUSH_EVERY = 64 * 1024 * 1024;
/**
 * Pieces of the body are gathered to this size before each write: a fetch hands over pieces of tens
 * of kB, and one write per piece spends more time in the file system than in moving the bytes.
 */
const WRITE_BYTES = 1024 * 1024;
/** Progress at most this often, so a fast connection does not flood the page with messages. */
const PROGRESS_EVERY_MS = 100;

/** `bytes 100-199/1000` → 100; null when the header is missing or says something else. */
export function contentRangeStart(header: string | null): number | null {
  const match = header === null ? null : /^bytes (\d+)-\d+\/(?:\d+|\*)$/.exec(header.trim());
  return match ? Number(match[1]) : null;
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

/**
 * The request for the rest of the pack: a range from the first byte not saved yet, guarded by the
 * tag of the bytes saved (If-Range), so a pack replaced on the server meanwhile comes back whole
 * (200) rather than spliced onto another pack's start. Bytes without a known tag start over.
 */
function requestHeaders(have: number, etag: string | null): HeadersInit {
  if (have === 0 || etag === null) return {};
  return { Range: `bytes=${have}-`, 'If-Range': etag };
}

/**
 * Fetches what the file lacks and writes it at its place. Resolves with the size of the whole pack
 * once every byte is written and flushed; rejects with a PackDownloadError on a failure the person
 * should hear about, and with the AbortError when `signal` stops it (paused: the file keeps what came).
 */
export async function downloadPack(request: PackDownloadRequest): Promise<number> {
  const { file, total, signal } = request;
  let have = request.etag === null ? 0 : Math.min(file.size(), total);
  if (have === 0) file.truncate(0);
  if (have === total) return total;

  let response: Response;
  try {
    response = await request.fetch(request.url, { headers: requestHeaders(have, request.etag), signal, cache: 'no-store' });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new PackDownloadError({ reason: 'network' });
  }
  if (response.status === 206) {
    // A server may answer another range than asked; only the one that continues the file will do.
    if (contentRangeStart(response.headers.get('Content-Range')) !== have) {
      await response.body?.cancel();
      throw new PackDownloadError({ reason: 'mismatch', received: have });
    }
  } else if (response.status === 200) {
    // The whole pack: a first start, or the server's pack changed since the saved bytes came.
    have = 0;
    file.truncate(0);
    request.onEtag(response.headers.get('ETag'));
  } else {
    await response.body?.cancel();
    throw new PackDownloadError({ reason: 'gone', status: response.status });
  }
  if (response.body === null) throw new PackDownloadError({ reason: 'network' });

  const reader = response.body.getReader();
  const gathered = new Uint8Array(WRITE_BYTES);
  let gatheredBytes = 0;
  let unflushed = 0;
  let lastProgress = 0;
  let finished = false;
  const writeGathered = () => {
    if (gatheredBytes === 0) return;
    try {
      file.write(gathered.subarray(0, gatheredBytes), have);
    } catch (error) {
      throw isQuotaError(error) ? new PackDownloadError({ reason: 'space' }) : error;
    }
    have += gatheredBytes;
    unflushed += gatheredBytes;
    gatheredBytes = 0;
  };
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal.aborted) throw error;
        throw new PackDownloadError({ reason: 'network' });
      }
      if (chunk.done) {
        finished = true;
        break;
      }
      if (have + gatheredBytes + chunk.value.length > total) throw new PackDownloadError({ reason: 'mismatch', received: have });
      for (let from = 0; from < chunk.value.length; ) {
        const taken = Math.min(WRITE_BYTES - gatheredBytes, chunk.value.length - from);
        gathered.set(chunk.value.subarray(from, from + taken), gatheredBytes);
        gatheredBytes += taken;
        from += taken;
        if (gatheredBytes === WRITE_BYTES) writeGathered();
      }
      if (unflushed >= FLUSH_EVERY) {
        file.flush();
        unflushed = 0;
      }
      const now = performance.now();
      if (now - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = now;
        request.onProgress(have + gatheredBytes);
      }
    }
  } finally {
    // Whatever stopped the loop, what came is written and kept for the next resume; a write refused
    // for space here is the failure the person hears of.
    try {
      writeGathered();
    } finally {
      file.flush();
      if (!finished) await reader.cancel().catch(() => undefined);
      reader.releaseLock();
    }
  }
  request.onProgress(have);
  if (have !== total) throw new PackDownloadError(have < total ? { reason: 'network' } : { reason: 'mismatch', received: have });
  return total;
}
