import type { RangeResponse, Source } from 'pmtiles';

/**
 * The saved pack as PMTiles reads it: each read is a slice of the file on the device, so a tile
 * costs its own bytes and the archive is never in memory whole. The key is the version: a new pack
 * is another file, never the same key with other bytes.
 */
export function packFileSource(file: Blob, version: string): Source {
  return {
    getKey: () => version,
    getBytes: async (offset: number, length: number): Promise<RangeResponse> => ({
      data: await file.slice(offset, offset + length).arrayBuffer(),
    }),
  };
}
