/*
 * The fixed header of a PMTiles version 3 archive, read from its bytes: the one part of a map pack
 * the server and the device both need before anything else (where the root directory and the
 * metadata are, what kind of tiles it holds, which zooms and where). Written from the published
 * specification (github.com/protomaps/PMTiles, spec/v3/spec.md); pure, so it runs in Node, in a
 * browser and in a worker alike.
 */

/** The header's size in bytes. */
export const PMTILES_HEADER_BYTES = 127;
/**
 * The header and the root directory lie within the first 16 KiB of every archive (the spec's rule),
 * so one read of this many bytes gives a reader both.
 */
export const PMTILES_FIRST_READ_BYTES = 16_384;

/** The magic bytes "PMTiles" that open every archive. */
const MAGIC = 'PMTiles';
const SUPPORTED_VERSION = 3;

/** How the directories and the metadata (InternalCompression) or the tiles (TileCompression) are compressed. */
export type PmtilesCompression = 'unknown' | 'none' | 'gzip' | 'brotli' | 'zstd';
/** What the tiles are: Mapbox Vector Tiles or images. */
export type PmtilesTileType = 'unknown' | 'mvt' | 'png' | 'jpeg' | 'webp' | 'avif';

/** The spec's enum values by their number; an unknown number reads as 'unknown'. */
const COMPRESSIONS: readonly PmtilesCompression[] = ['unknown', 'none', 'gzip', 'brotli', 'zstd'];
const TILE_TYPES: readonly PmtilesTileType[] = ['unknown', 'mvt', 'png', 'jpeg', 'webp', 'avif'];

/** A byte range of the archive: where a section starts and how long it is. */
interface PmtilesSection {
  offset: number;
  length: number;
}

/** Everything the 127-byte header says. Positions are in degrees (the header keeps them × 10⁷). */
export interface PmtilesHeader {
  specVersion: 3;
  rootDirectory: PmtilesSection;
  /** The JSON metadata, compressed as `internalCompression` says. */
  metadata: PmtilesSection;
  leafDirectories: PmtilesSection;
  tileData: PmtilesSection;
  /** Counts the writer may leave at 0 for unknown. */
  addressedTiles: number;
  tileEntries: number;
  tileContents: number;
  clustered: boolean;
  internalCompression: PmtilesCompression;
  tileCompression: PmtilesCompression;
  tileType: PmtilesTileType;
  minZoom: number;
  maxZoom: number;
  /** West, south, east, north. */
  bounds: [number, number, number, number];
  center: { zoom: number; lon: number; lat: number };
}

/** Bytes that are not a PMTiles v3 archive (or not a sound one); the message says what is wrong. */
export class PmtilesFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PmtilesFormatError';
  }
}

/**
 * Reads the header from the archive's first bytes (at least 127 of them). Throws PmtilesFormatError
 * for anything that is not a PMTiles v3 header a reader could trust: the wrong magic or version, a
 * root directory beyond the first 16 KiB, zooms or bounds out of order or out of range, a size too
 * large for a JavaScript number.
 */
export function readPmtilesHeader(bytes: Uint8Array): PmtilesHeader {
  if (bytes.length < PMTILES_HEADER_BYTES) {
    throw new PmtilesFormatError(`it is ${bytes.length} bytes long, shorter than the ${PMTILES_HEADER_BYTES}-byte PMTiles header.`);
  }
  const magic = String.fromCharCode(...bytes.subarray(0, MAGIC.length));
  if (magic !== MAGIC) throw new PmtilesFormatError('it is not a PMTiles archive (it does not start with "PMTiles").');
  const view = new DataView(bytes.buffer, bytes.byteOffset, PMTILES_HEADER_BYTES);
  const specVersion = view.getUint8(7);
  if (specVersion !== SUPPORTED_VERSION) {
    throw new PmtilesFormatError(`it is a PMTiles version ${specVersion} archive; allstall reads version 3 (convert it with \`pmtiles convert\`).`);
  }
  const uint64 = (offset: number, name: string): number => {
    const value = view.getBigUint64(offset, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new PmtilesFormatError(`its header's ${name} (${value}) is too large to be real.`);
    return Number(value);
  };
  const section = (offset: number, name: string): PmtilesSection => ({ offset: uint64(offset, `${name} offset`), length: uint64(offset + 8, `${name} length`) });
  const degrees = (offset: number): number => view.getInt32(offset, true) / 1e7;

  const header: PmtilesHeader = {
    specVersion: SUPPORTED_VERSION,
    rootDirectory: section(8, 'root directory'),
    metadata: section(24, 'metadata'),
    leafDirectories: section(40, 'leaf directories'),
    tileData: section(56, 'tile data'),
    addressedTiles: uint64(72, 'number of addressed tiles'),
    tileEntries: uint64(80, 'number of tile entries'),
    tileContents: uint64(88, 'number of tile contents'),
    clustered: view.getUint8(96) === 1,
    internalCompression: COMPRESSIONS[view.getUint8(97)] ?? 'unknown',
    tileCompression: COMPRESSIONS[view.getUint8(98)] ?? 'unknown',
    tileType: TILE_TYPES[view.getUint8(99)] ?? 'unknown',
    minZoom: view.getUint8(100),
    maxZoom: view.getUint8(101),
    bounds: [degrees(102), degrees(106), degrees(110), degrees(114)],
    center: { zoom: view.getUint8(118), lon: degrees(119), lat: degrees(123) },
  };
  checkHeader(header);
  return header;
}

/** What the spec requires of a header's own values, and what no real map could have. */
function checkHeader(header: PmtilesHeader): void {
  const root = header.rootDirectory;
  if (root.length === 0) throw new PmtilesFormatError('its root directory is empty.');
  if (root.offset < PMTILES_HEADER_BYTES || root.offset + root.length > PMTILES_FIRST_READ_BYTES) {
    throw new PmtilesFormatError(`its root directory (bytes ${root.offset} to ${root.offset + root.length}) is not between the header and byte ${PMTILES_FIRST_READ_BYTES}, as PMTiles v3 requires.`);
  }
  // Tile ids are 64-bit and a zoom's tiles number 4^z, so no archive can go beyond zoom 31.
  if (header.maxZoom > 31) throw new PmtilesFormatError(`its maximum zoom (${header.maxZoom}) is beyond 31.`);
  if (header.minZoom > header.maxZoom) throw new PmtilesFormatError(`its minimum zoom (${header.minZoom}) is above its maximum zoom (${header.maxZoom}).`);
  const [west, south, east, north] = header.bounds;
  const inRange = (value: number, limit: number) => value >= -limit && value <= limit;
  if (![west, east].every((lon) => inRange(lon, 180)) || ![south, north].every((lat) => inRange(lat, 90))) {
    throw new PmtilesFormatError(`its bounds (${header.bounds.join(', ')}) are not longitudes and latitudes.`);
  }
  if (west > east || south > north) throw new PmtilesFormatError(`its bounds (${header.bounds.join(', ')}) are not west, south, east, north in order.`);
}

/**
 * Checks that every section the header names lies inside an archive of `archiveBytes` bytes: a copy
 * cut short (a download that stopped, a full disk) is caught at start rather than by the first tile
 * read from beyond its end.
 */
export function checkPmtilesSections(header: PmtilesHeader, archiveBytes: number): void {
  const sections: Array<[string, PmtilesSection]> = [
    ['root directory', header.rootDirectory],
    ['metadata', header.metadata],
    ['leaf directories', header.leafDirectories],
    ['tile data', header.tileData],
  ];
  for (const [name, { offset, length }] of sections) {
    // An empty section (no leaf directories) has nothing to read, wherever its offset points.
    if (length > 0 && offset + length > archiveBytes) {
      throw new PmtilesFormatError(`its ${name} ends at byte ${offset + length}, beyond the archive's ${archiveBytes} bytes: the file is cut short.`);
    }
  }
}

/** The header's values as 127 bytes; the inverse of readPmtilesHeader, for tests and tools that make archives. */
export function encodePmtilesHeader(header: Omit<PmtilesHeader, 'specVersion'>): Uint8Array {
  const bytes = new Uint8Array(PMTILES_HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < MAGIC.length; index += 1) bytes[index] = MAGIC.charCodeAt(index);
  view.setUint8(7, SUPPORTED_VERSION);
  const sections = [header.rootDirectory, header.metadata, header.leafDirectories, header.tileData];
  sections.forEach(({ offset, length }, index) => {
    view.setBigUint64(8 + index * 16, BigInt(offset), true);
    view.setBigUint64(16 + index * 16, BigInt(length), true);
  });
  view.setBigUint64(72, BigInt(header.addressedTiles), true);
  view.setBigUint64(80, BigInt(header.tileEntries), true);
  view.setBigUint64(88, BigInt(header.tileContents), true);
  view.setUint8(96, header.clustered ? 1 : 0);
  view.setUint8(97, COMPRESSIONS.indexOf(header.internalCompression));
  view.setUint8(98, COMPRESSIONS.indexOf(header.tileCompression));
  view.setUint8(99, TILE_TYPES.indexOf(header.tileType));
  view.setUint8(100, header.minZoom);
  view.setUint8(101, header.maxZoom);
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  header.bounds.forEach((value, index) => view.setInt32(102 + index * 4, e7(value), true));
  view.setUint8(118, header.center.zoom);
  view.setInt32(119, e7(header.center.lon), true);
  view.setInt32(123, e7(header.center.lat), true);
  return bytes;
}
