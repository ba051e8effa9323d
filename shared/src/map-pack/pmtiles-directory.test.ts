import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePmtilesDirectory, writePmtilesArchive, zxyToPmtilesTileId, type PmtilesArchiveInput, type PmtilesDirectoryEntry } from './pmtiles-directory.js';
import { PMTILES_FIRST_READ_BYTES, readPmtilesHeader } from './pmtiles-header.js';

/**
 * Reads a directory back by the spec's description, written here apart from the encoder so that
 * a mistake in one does not hide in the other.
 */
function decodeDirectory(bytes: Uint8Array): PmtilesDirectoryEntry[] {
  let at = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at];
      if (byte === undefined) throw new Error('directory ends inside a varint');
      at += 1;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  const count = varint();
  const entries = Array.from({ length: count }, () => ({ tileId: 0, offset: 0, length: 0, runLength: 0 }));
  let id = 0;
  for (const entry of entries) entry.tileId = id += varint();
  for (const entry of entries) entry.runLength = varint();
  for (const entry of entries) entry.length = varint();
  entries.forEach((entry, index) => {
    const stored = varint();
    const previous = entries[index - 1];
    entry.offset = stored === 0 && previous !== undefined ? previous.offset + previous.length : stored - 1;
  });
  if (at !== bytes.length) throw new Error(`directory has ${bytes.length - at} bytes left over`);
  return entries;
}

const text = (value: string) => new TextEncoder().encode(value);

const BASE: Omit<PmtilesArchiveInput, 'tiles'> = {
  metadata: { name: 'test' },
  tileType: 'mvt',
  tileCompression: 'gzip',
  minZoom: 0,
  maxZoom: 2,
  bounds: [-93.29, 44.96, -93.24, 44.995],
  center: { zoom: 1, lon: -93.265, lat: 44.9775 },
  compress: (bytes) => new Uint8Array(gzipSync(bytes)),
};

/** The archive read back: its header, root directory, metadata and each tile's bytes by tile id. */
function readArchive(archive: Uint8Array) {
  const header = readPmtilesHeader(archive);
  const section = ({ offset, length }: { offset: number; length: number }) => archive.subarray(offset, offset + length);
  const entries = decodeDirectory(new Uint8Array(gunzipSync(section(header.rootDirectory))));
  const metadata: unknown = JSON.parse(new TextDecoder().decode(gunzipSync(section(header.metadata))));
  const tileData = section(header.tileData);
  const tile = (tileId: number): string | undefined => {
    const entry = entries.find((candidate) => tileId >= candidate.tileId && tileId < candidate.tileId + candidate.runLength);
    return entry === undefined ? undefined : new TextDecoder().decode(tileData.subarray(entry.offset, entry.offset + entry.length));
  };
  return { header, entries, metadata, tile };
}

describe('zxyToPmtilesTileId', () => {
  it('numbers the tiles as the spec does: zoom by zoom, each zoom along the Hilbert curve', () => {
    expect(zxyToPmtilesTileId(0, 0, 0)).toBe(0);
    expect([zxyToPmtilesTileId(1, 0, 0), zxyToPmtilesTileId(1, 0, 1), zxyToPmtilesTileId(1, 1, 1), zxyToPmtilesTileId(1, 1, 0)]).toEqual([1, 2, 3, 4]);
    // Zoom 2 starts after the 1 + 4 tiles above it, its curve beginning in the north-west corner.
    expect([zxyToPmtilesTileId(2, 0, 0), zxyToPmtilesTileId(2, 1, 0), zxyToPmtilesTileId(2, 1, 1), zxyToPmtilesTileId(2, 0, 1)]).toEqual([5, 6, 7, 8]);
    expect(zxyToPmtilesTileId(2, 3, 0)).toBe(20);
    // From the pmtiles library's own tests.
    expect(zxyToPmtilesTileId(12, 3423, 1763)).toBe(19_078_479);
  });

  it('gives every tile of a zoom its own id, filling exactly the range between the zooms', () => {
    const ids = new Set<number>();
    for (let x = 0; x < 8; x += 1) for (let y = 0; y < 8; y += 1) ids.add(zxyToPmtilesTileId(3, x, y));
    expect(ids.size).toBe(64);
    expect(Math.min(...ids)).toBe(21);
    expect(Math.max(...ids)).toBe(84);
  });

  it('stays exact at the deepest zoom a number can hold, and refuses what is off the grid or deeper', () => {
    expect(zxyToPmtilesTileId(26, 0, 0)).toBe((4 ** 26 - 1) / 3);
    expect(Number.isSafeInteger(zxyToPmtilesTileId(26, 2 ** 26 - 1, 0))).toBe(true);
    expect(() => zxyToPmtilesTileId(27, 0, 0)).toThrow(RangeError);
    expect(() => zxyToPmtilesTileId(1, 2, 0)).toThrow('not on zoom 1');
    expect(() => zxyToPmtilesTileId(1, 0, -1)).toThrow(RangeError);
    expect(() => zxyToPmtilesTileId(1.5, 0, 0)).toThrow(RangeError);
  });
});

describe('encodePmtilesDirectory', () => {
  it('writes the columns as the spec lays them out, byte for byte', () => {
    const bytes = encodePmtilesDirectory([
      { tileId: 0, offset: 0, length: 10, runLength: 1 },
      { tileId: 1, offset: 10, length: 300, runLength: 2 },
      { tileId: 5, offset: 0, length: 10, runLength: 1 },
    ]);
    // Count; id deltas 0 1 4; runs 1 2 1; lengths 10, 300 (0xac 0x02), 10; offsets 0+1, "next" 0, 0+1.
    expect([...bytes]).toEqual([3, 0, 1, 4, 1, 2, 1, 10, 0xac, 0x02, 10, 1, 0, 1]);
  });

  it('keeps offsets and ids beyond 32 bits', () => {
    const entries = [{ tileId: 2 ** 40 + 3, offset: 2 ** 35 + 7, length: 1, runLength: 1 }];
    expect(decodeDirectory(encodePmtilesDirectory(entries))).toEqual(entries);
  });

  it('refuses entries out of tile id order', () => {
    expect(() => encodePmtilesDirectory([{ tileId: 4, offset: 0, length: 1, runLength: 1 }, { tileId: 2, offset: 1, length: 1, runLength: 1 }])).toThrow('not in tile id order');
  });
});

describe('writePmtilesArchive', () => {
  it('writes tiles in tile id order whatever order they come in, each found again by its id', () => {
    const tiles = [
      { z: 1, x: 1, y: 0, data: text('north-east') },
      { z: 0, x: 0, y: 0, data: text('world') },
      { z: 1, x: 0, y: 1, data: text('south-west') },
      { z: 1, x: 0, y: 0, data: text('north-west') },
    ];
    const archive = writePmtilesArchive({ ...BASE, tiles });
    const { header, entries, metadata, tile } = readArchive(archive);

    expect(entries.map((entry) => entry.tileId)).toEqual([0, 1, 2, 4]);
    expect([tile(0), tile(1), tile(2), tile(3), tile(4)]).toEqual(['world', 'north-west', 'south-west', undefined, 'north-east']);
    expect(metadata).toEqual({ name: 'test' });
    expect(header).toMatchObject({ addressedTiles: 4, tileEntries: 4, tileContents: 4, clustered: true, internalCompression: 'gzip', tileCompression: 'gzip', tileType: 'mvt', minZoom: 0, maxZoom: 2 });
    expect(header.bounds).toEqual(BASE.bounds);
    // Tiles in order in the data, each right after the one before.
    expect(entries.map((entry) => entry.offset)).toEqual([0, 5, 15, 25]);
    expect(header.tileData.offset + header.tileData.length).toBe(archive.length);
    expect(header.rootDirectory.offset + header.rootDirectory.length).toBeLessThanOrEqual(PMTILES_FIRST_READ_BYTES);
  });

  it('stores identical contents once, and consecutive identical tiles as one run', () => {
    const sea = text('sea');
    const tiles = [
      { z: 2, x: 0, y: 0, data: sea }, // id 5
      { z: 2, x: 1, y: 0, data: text('sea') }, // 6: equal bytes, another array
      { z: 2, x: 1, y: 1, data: text('land') }, // 7
      { z: 2, x: 0, y: 1, data: sea }, // 8: the sea again, after land
    ];
    const { header, entries, tile } = readArchive(writePmtilesArchive({ ...BASE, tiles }));

    expect(entries).toEqual([
      { tileId: 5, offset: 0, length: 3, runLength: 2 },
      { tileId: 7, offset: 3, length: 4, runLength: 1 },
      { tileId: 8, offset: 0, length: 3, runLength: 1 },
    ]);
    expect([tile(5), tile(6), tile(7), tile(8)]).toEqual(['sea', 'sea', 'land', 'sea']);
    expect(header).toMatchObject({ addressedTiles: 4, tileEntries: 3, tileContents: 2 });
    expect(header.tileData.length).toBe(7);
  });

  it('does not merge contents that are different bytes of the same length', () => {
    const tiles = [
      { z: 1, x: 0, y: 0, data: text('ab') },
      { z: 1, x: 0, y: 1, data: text('ba') },
    ];
    const { header, tile } = readArchive(writePmtilesArchive({ ...BASE, tiles }));
    expect([tile(1), tile(2)]).toEqual(['ab', 'ba']);
    expect(header.tileContents).toBe(2);
  });

  it('can put the metadata after the tile data, beyond where a reader first looks', () => {
    const tiles = [{ z: 0, x: 0, y: 0, data: new Uint8Array(20_000).fill(7) }];
    const archive = writePmtilesArchive({ ...BASE, tiles, metadataAfterTiles: true });
    const { header, metadata } = readArchive(archive);
    expect(header.metadata.offset).toBeGreaterThan(PMTILES_FIRST_READ_BYTES);
    expect(header.metadata.offset + header.metadata.length).toBe(archive.length);
    expect(metadata).toEqual({ name: 'test' });
  });

  it('writes the compression the caller does, and says which in the header', () => {
    const archive = writePmtilesArchive({ ...BASE, tiles: [{ z: 0, x: 0, y: 0, data: text('x') }], internalCompression: 'none', compress: (bytes) => bytes });
    const header = readPmtilesHeader(archive);
    expect(header.internalCompression).toBe('none');
    const json = new TextDecoder().decode(archive.subarray(header.metadata.offset, header.metadata.offset + header.metadata.length));
    expect(JSON.parse(json)).toEqual({ name: 'test' });
    expect(decodeDirectory(archive.subarray(header.rootDirectory.offset, header.rootDirectory.offset + header.rootDirectory.length))).toEqual([{ tileId: 0, offset: 0, length: 1, runLength: 1 }]);
  });

  it('stores the metadata as UTF-8, whatever characters it has', () => {
    const metadata = { attribution: '© OpenStreetMap', name: 'Ñandú → 東京 🚻', lone: '\ud800' };
    const archive = writePmtilesArchive({ ...BASE, metadata, tiles: [{ z: 0, x: 0, y: 0, data: text('x') }], internalCompression: 'none', compress: (bytes) => bytes });
    const header = readPmtilesHeader(archive);
    const stored = archive.subarray(header.metadata.offset, header.metadata.offset + header.metadata.length);
    expect([...stored]).toEqual([...new TextEncoder().encode(JSON.stringify(metadata))]);
    expect(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(stored))).toEqual(metadata);
  });

  it('refuses a tile given twice', () => {
    const tiles = [
      { z: 1, x: 0, y: 0, data: text('one') },
      { z: 1, x: 0, y: 0, data: text('two') },
    ];
    expect(() => writePmtilesArchive({ ...BASE, tiles })).toThrow('1/0/0 is given twice');
  });

  it('refuses, saying why, a root directory too large for the first 16 KiB rather than writing leaves', () => {
    // Distinct contents at scattered ids: no runs, and offsets and ids that do not compress away.
    const tiles = Array.from({ length: 6000 }, (_, index) => ({ z: 12, x: (index * 37) % 4096, y: Math.floor(index / 7) * 3, data: text(`tile ${index}`) }));
    expect(() => writePmtilesArchive({ ...BASE, maxZoom: 12, tiles, internalCompression: 'none', compress: (bytes) => bytes })).toThrow(/root directory of 6000 entries is \d+ bytes compressed; it must fit in 16257/);
  });
});
