import { gunzipSync, gzipSync } from 'node:zlib';
import { writePmtilesArchive, zxyToPmtilesTileId } from '@allstall/shared';
import { Compression, PMTiles, zxyToTileId, type Source } from 'pmtiles';
import { describe, expect, it } from 'vitest';

/*
 * The archives shared writes for the tests, read by the pmtiles library the app draws with: if the
 * two disagreed on a tile id or a directory, every test pack would be a map no device could read.
 */

/** An archive in memory, read by ranges as the library reads a file or a URL. */
function memorySource(archive: Uint8Array): Source {
  return {
    getKey: () => 'memory',
    getBytes: async (offset, length) => ({ data: archive.slice(offset, offset + length).buffer }),
  };
}

/** gzip through node:zlib; the library's own uses DecompressionStream, which this environment lacks. */
async function decompress(bytes: ArrayBuffer, compression: Compression): Promise<ArrayBuffer> {
  if (compression === Compression.None) return bytes;
  if (compression !== Compression.Gzip) throw new Error(`unexpected compression ${compression}`);
  return new Uint8Array(gunzipSync(new Uint8Array(bytes))).buffer;
}

const text = (value: string) => new TextEncoder().encode(value);
const textOf = (bytes: ArrayBuffer | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));

describe('PMTiles archives written by shared, read by the pmtiles library', () => {
  it('number every tile of the first zooms, and some deep ones, as the library does', () => {
    for (let z = 0; z <= 5; z += 1) {
      for (let x = 0; x < 2 ** z; x += 1) {
        for (let y = 0; y < 2 ** z; y += 1) expect(zxyToPmtilesTileId(z, x, y), `${z}/${x}/${y}`).toBe(zxyToTileId(z, x, y));
      }
    }
    const deep: Array<[number, number, number]> = [
      [15, 7_896, 11_736],
      [20, 252_000, 375_500],
      [26, 2 ** 26 - 1, 2 ** 26 - 1],
      [26, 12_345_678, 54_321_000],
    ];
    for (const [z, x, y] of deep) expect(zxyToPmtilesTileId(z, x, y), `${z}/${x}/${y}`).toBe(zxyToTileId(z, x, y));
  });

  it('give back every tile, the header and the metadata', async () => {
    const tiles = [
      { z: 0, x: 0, y: 0, data: text('world') },
      { z: 2, x: 3, y: 0, data: text('far north-east') },
      { z: 2, x: 0, y: 0, data: text('same') },
      { z: 2, x: 1, y: 0, data: text('same') },
      { z: 1, x: 1, y: 1, data: text('south-east') },
      { z: 2, x: 0, y: 1, data: text('same') },
    ];
    const archive = writePmtilesArchive({
      tiles,
      metadata: { name: 'interop', vector_layers: [{ id: 'earth', fields: {} }] },
      tileType: 'mvt',
      // The contents here are words, not tiles; the library would gunzip them if told they were gzip.
      tileCompression: 'none',
      minZoom: 0,
      maxZoom: 2,
      bounds: [-93.29, 44.96, -93.24, 44.995],
      center: { zoom: 1, lon: -93.265, lat: 44.9775 },
      compress: (bytes) => new Uint8Array(gzipSync(bytes)),
    });
    const pack = new PMTiles(memorySource(archive), undefined, decompress);

    const header = await pack.getHeader();
    expect(header).toMatchObject({ specVersion: 3, minZoom: 0, maxZoom: 2, numAddressedTiles: 6, numTileContents: 4, clustered: true });
    expect(await pack.getMetadata()).toEqual({ name: 'interop', vector_layers: [{ id: 'earth', fields: {} }] });
    for (const tile of tiles) expect(textOf((await pack.getZxy(tile.z, tile.x, tile.y))?.data), `${tile.z}/${tile.x}/${tile.y}`).toBe(new TextDecoder().decode(tile.data));
    expect(await pack.getZxy(1, 0, 0)).toBeUndefined();
    expect(await pack.getZxy(2, 2, 2)).toBeUndefined();
  });
});
