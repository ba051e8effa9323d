import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { encodePmtilesHeader, type PmtilesCompression, type PmtilesTileType } from '@allstall/shared';

/*
 * Small PMTiles v3 archives made from bytes for the api tests: a header, a root directory of a few
 * tiles, JSON metadata and tile contents of a few bytes each. Valid by the spec, with no map drawn
 * from them: the api only reads headers and metadata and serves bytes.
 */

/** The metadata of a pack cut from a Protomaps build, as `pmtiles extract` keeps it. */
export const PROTOMAPS_METADATA = {
  name: 'Protomaps Basemap',
  attribution: '<a href="https://github.com/protomaps/basemaps">Protomaps</a> © <a href="https://openstreetmap.org">OpenStreetMap</a>',
  version: '4.10.0',
  'planetiler:osm:osmosisreplicationtime': '2025-06-01T20:21:52Z',
  vector_layers: ['boundaries', 'buildings', 'earth', 'landcover', 'landuse', 'places', 'pois', 'roads', 'transit', 'water'].map((id) => ({ id, fields: {} })),
};

/** Minneapolis's city limits, as the launch region imports them. */
export const PACK_BOUNDS: [number, number, number, number] = [-93.33, 44.89, -93.193, 45.052];

export interface TestPackOptions {
  tileType?: PmtilesTileType;
  internalCompression?: PmtilesCompression;
  tileCompression?: PmtilesCompression;
  metadata?: unknown;
  /** Put the metadata after the tiles, and pad the tiles so it lies beyond the first 16 KiB. */
  metadataBeyondFirstRead?: boolean;
  minZoom?: number;
  maxZoom?: number;
}

/** A PMTiles v3 archive of three tiles (z0 and two of z1), as bytes. */
export function makePackBytes({
  tileType = 'mvt',
  internalCompression = 'gzip',
  tileCompression = tileType === 'mvt' ? 'gzip' : 'none',
  metadata = PROTOMAPS_METADATA,
  metadataBeyondFirstRead = false,
  minZoom = 0,
  maxZoom = 15,
}: TestPackOptions = {}): Uint8Array {
  const compress = (bytes: Uint8Array): Uint8Array =>
    internalCompression === 'gzip' ? gzipSync(bytes) : internalCompression === 'brotli' ? brotliCompressSync(bytes) : bytes;
  const tiles = ['tile 0/0/0', 'tile 1/0/0', 'tile 1/0/1'].map((text) => Buffer.from(text));
  if (metadataBeyondFirstRead) tiles.push(Buffer.alloc(20_000, 7));
  const tileData = Buffer.concat(tiles);
  // Tile ids 0, 1, 2 (z0 and the first two of z1 on the Hilbert curve), contiguous in the data.
  let offset = 0;
  const entries = tiles.map((tile, index) => {
    const entry = { tileId: index, offset, length: tile.length, runLength: 1 };
    offset += tile.length;
    return entry;
  });
  const root = compress(encodeDirectory(entries));
  const metadataBytes = compress(Buffer.from(JSON.stringify(metadata)));

  const rootOffset = 127;
  const afterRoot = rootOffset + root.length;
  const [metadataOffset, tileDataOffset] = metadataBeyondFirstRead
    ? [afterRoot + tileData.length, afterRoot]
    : [afterRoot, afterRoot + metadataBytes.length];
  const header = encodePmtilesHeader({
    rootDirectory: { offset: rootOffset, length: root.length },
    metadata: { offset: metadataOffset, length: metadataBytes.length },
    leafDirectories: { offset: Math.max(metadataOffset + metadataBytes.length, tileDataOffset + tileData.length), length: 0 },
    tileData: { offset: tileDataOffset, length: tileData.length },
    addressedTiles: tiles.length,
    tileEntries: tiles.length,
    tileContents: tiles.length,
    clustered: true,
    internalCompression,
    tileCompression,
    tileType,
    minZoom,
    maxZoom,
    bounds: PACK_BOUNDS,
    center: { zoom: 12, lon: -93.266945, lat: 44.979225 },
  });
  const parts = metadataBeyondFirstRead ? [header, root, tileData, metadataBytes] : [header, root, metadataBytes, tileData];
  return new Uint8Array(Buffer.concat(parts));
}

/** Writes a test pack into `dir` and gives its path. */
export function writePackFile(dir: string, name = 'region.pmtiles', options: TestPackOptions = {}): string {
  const file = path.join(dir, name);
  writeFileSync(file, makePackBytes(options));
  return file;
}

/** A directory as the spec serializes it: varints of the count, then every tile id delta, run length, length, offset. */
function encodeDirectory(entries: Array<{ tileId: number; offset: number; length: number; runLength: number }>): Uint8Array {
  const out: number[] = [];
  const varint = (value: number) => {
    let rest = value;
    while (rest >= 0x80) {
      out.push((rest & 0x7f) | 0x80);
      rest = Math.floor(rest / 128);
    }
    out.push(rest);
  };
  varint(entries.length);
  let lastId = 0;
  for (const { tileId } of entries) {
    varint(tileId - lastId);
    lastId = tileId;
  }
  for (const { runLength } of entries) varint(runLength);
  for (const { length } of entries) varint(length);
  entries.forEach(({ offset }, index) => {
    const previous = entries[index - 1];
    // 0 means "right after the previous tile"; otherwise the offset plus one.
    varint(previous !== undefined && offset === previous.offset + previous.length ? 0 : offset + 1);
  });
  return Uint8Array.from(out);
}
