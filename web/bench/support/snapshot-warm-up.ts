import type { AppServer } from '../../e2e/support/app-server.js';

export interface SnapshotWarmUp {
  /** The first request after the server started: it builds the snapshot (and its encodings). */
  firstMs: number;
  /** The next request, served from the server's cache. */
  cachedMs: number;
  /** Encoded body bytes of the Brotli answer. */
  bytes: number;
}

async function fetchSnapshot(server: AppServer): Promise<{ ms: number; bytes: number } | null> {
  const start = performance.now();
  // Brotli, as Chromium asks; the raw body is counted without decoding it.
  const response = await fetch(`${server.url}/api/sync/snapshot`, { headers: { 'accept-encoding': 'br, gzip' } });
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) throw new Error(`GET /api/sync/snapshot answered ${response.status}`);
  const body = await response.arrayBuffer();
  const length = Number(response.headers.get('content-length') ?? body.byteLength);
  return { ms: performance.now() - start, bytes: length };
}

/**
 * Asks the server for its first-sync snapshot twice, before any device does: a real deployment
 * builds it once for many devices, so the devices measured afterwards find it cached, as most do.
 * Null when the server has no snapshot (before issue 13): devices then pull the feed page by page.
 */
export async function warmUpSnapshot(server: AppServer): Promise<SnapshotWarmUp | null> {
  const first = await fetchSnapshot(server);
  if (first === null) return null;
  const cached = await fetchSnapshot(server);
  return { firstMs: first.ms, cachedMs: cached?.ms ?? Number.NaN, bytes: cached?.bytes ?? first.bytes };
}

/**
 * Asks the server for the first sync's index of pieces before any device does, so the devices
 * measured afterwards find the pieces built, as most do. Null when the server has no pieces. `bytes` is every piece's Brotli size together.
 */
export async function warmUpPieces(server: AppServer): Promise<{ bytes: number; pieces: number; firstMs: number } | null> {
  const start = performance.now();
  const response = await fetch(`${server.url}/api/sync/pieces`, { headers: { 'accept-encoding': 'br, gzip' } });
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) throw new Error(`GET /api/sync/pieces answered ${response.status}`);
  const index = (await response.json()) as { pieces: Array<{ bytes: number }> };
  return { bytes: index.pieces.reduce((sum, piece) => sum + piece.bytes, 0), pieces: index.pieces.length, firstMs: performance.now() - start };
}
