import { PMTILES_FIRST_READ_BYTES } from '@allstall/shared';
import { inspectPack, MapPackError, type InspectedPack } from './inspect-pack.js';

/*
 * A map pack at MAP_PACK_URL, which devices read directly by byte ranges. The api reads only its
 * first 16 KiB (header and root directory) and, when it lies beyond them, its metadata, once at start,
 * to describe it in /api/config; a server that does not answer range requests is refused there,
 * since no device could read the pack from it either.
 */

/** Reads and checks the remote pack's header and metadata within `timeoutMs` in all; throws MapPackError. */
export async function inspectPackUrl(url: string, timeoutMs: number): Promise<InspectedPack> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const first = await fetchRange(url, 0, PMTILES_FIRST_READ_BYTES, signal);
    return await inspectPack({
      size: first.size,
      first: first.bytes,
      read: async (offset, length) => (await fetchRange(url, offset, length, signal)).bytes,
    });
  } catch (error) {
    if (error instanceof MapPackError) throw error;
    if (signal.aborted) throw new MapPackError(`${url} did not answer within ${timeoutMs / 1000} s.`);
    const cause = (error as Error).cause as Error | undefined;
    throw new MapPackError(`${url} could not be reached: ${cause?.message ?? (error as Error).message}.`);
  }
}

/** Up to `length` bytes from `offset`, and the archive's whole size from the answer's Content-Range. */
async function fetchRange(url: string, offset: number, length: number, signal: AbortSignal): Promise<{ bytes: Uint8Array; size: number }> {
  // Not followed: the policy allows MAP_PACK_URL's origin, and a browser would be refused the next hop's.
  const response = await fetch(url, { headers: { range: `bytes=${offset}-${offset + length - 1}` }, signal, redirect: 'manual' });
  if (response.status !== 206) {
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      throw new MapPackError(`${url} redirects (HTTP ${response.status}) to ${new URL(location, url).href}; set MAP_PACK_URL to that URL, whose origin the Content-Security-Policy can then allow.`);
    }
    if (response.status === 200) {
      throw new MapPackError(`${url} answered a range request with the whole file (200, not 206); devices read a pack by byte ranges, so its server must answer them.`);
    }
    throw new MapPackError(`${url} answered HTTP ${response.status} to a range request for bytes ${offset} to ${offset + length - 1}.`);
  }
  const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
  if (contentRange === null || Number(contentRange[1]) !== offset) {
    await response.body?.cancel();
    throw new MapPackError(`${url} answered a range request without a Content-Range of bytes ${offset}-…/size (got '${response.headers.get('content-range') ?? ''}').`);
  }
  // Checked before the body is read: a server that sends more than was asked must not fill the memory.
  if (Number(response.headers.get('content-length') ?? 0) > length) {
    await response.body?.cancel();
    throw new MapPackError(`${url} answered a range request for ${length} bytes with ${response.headers.get('content-length')}.`);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const expected = Number(contentRange[2]) - offset + 1;
  if (bytes.length !== expected || expected > length) {
    throw new MapPackError(`${url} sent ${bytes.length} bytes for a range of ${Math.min(expected, length)}.`);
  }
  return { bytes, size: Number(contentRange[3]) };
}
