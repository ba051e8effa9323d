import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { writePmtilesArchive, type PmtilesCompression, type PmtilesTileType } from '@allstall/shared';

/*
 * Small PMTiles v3 archives made from bytes for the api tests: a header, a root directory of a few
 * tiles, JSON metadata and tile contents of a few bytes each. Valid by the spec, with no map drawn
 * from them: the api only reads headers and metadata and serves bytes. Written by shared's
 * writePmtilesArchive, as the web's tests write the packs they draw (web/e2e/support/vector-pack.ts).
 */

/** The metadata of a pack cut from a Protomaps build, as `pmtiles extract` keeps it. */
const PROTOMAPS_METADATA = {
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
  /** One more tile of this many bytes: a pack whose download takes a while. */
  paddingBytes?: number;
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
  paddingBytes = 0,
  minZoom = 0,
  maxZoom = 15,
}: TestPackOptions = {}): Uint8Array {
  const compress = (bytes: Uint8Array): Uint8Array =>
    internalCompression === 'gzip' ? gzipSync(bytes) : internalCompression === 'brotli' ? brotliCompressSync(bytes) : bytes;
  const tiles = [
    { z: 0, x: 0, y: 0 },
    { z: 1, x: 0, y: 0 },
    { z: 1, x: 0, y: 1 },
  ].map(({ z, x, y }) => ({ z, x, y, data: new TextEncoder().encode(`tile ${z}/${x}/${y}`) }));
  // A fourth tile big enough to push the metadata, written after the tiles, past the first 16 KiB.
  if (metadataBeyondFirstRead) tiles.push({ z: 1, x: 1, y: 1, data: new Uint8Array(20_000).fill(7) });
  if (paddingBytes > 0) tiles.push({ z: 1, x: 1, y: 0, data: new Uint8Array(paddingBytes).map((_, index) => (index * 131) % 251) });
  return writePmtilesArchive({
    tiles,
    metadata,
    tileType,
    tileCompression,
    internalCompression,
    compress,
    metadataAfterTiles: metadataBeyondFirstRead,
    minZoom,
    maxZoom,
    bounds: PACK_BOUNDS,
    center: { zoom: 12, lon: -93.266945, lat: 44.979225 },
  });
}

/** Writes a test pack into `dir` and gives its path. */
export function writePackFile(dir: string, name = 'region.pmtiles', options: TestPackOptions = {}): string {
  const file = path.join(dir, name);
  writeFileSync(file, makePackBytes(options));
  return file;
}
