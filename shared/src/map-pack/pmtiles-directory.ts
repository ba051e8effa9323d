import { encodePmtilesHeader, PMTILES_FIRST_READ_BYTES, PMTILES_HEADER_BYTES, type PmtilesCompression, type PmtilesTileType } from './pmtiles-header.js';

/*
 * Writing a PMTiles version 3 archive: tile ids, directories and the layout of the whole file, from
 * the published specification (github.com/protomaps/PMTiles, spec/v3/spec.md). The api's tests and
 * the web's end-to-end tests and bench both make packs, so the writer lives here rather than twice in
 * test code. Pure: the caller hands in the compression, so this runs anywhere without node:zlib.
 */

/**
 * The deepest zoom whose tile ids stay exact in a JavaScript number: the ids of zoom z start at
 * (4^z − 1) / 3 and run 4^z more, which passes 2^53 beyond zoom 26.
 */
const PMTILES_MAX_ID_ZOOM = 26;

/**
 * A tile's id: the count of every tile on the zooms above it, then its place along the Hilbert
 * curve over its own zoom. Sorting by it keeps tiles near on the map near in the file, which is why
 * the spec orders the directory by it.
 */
export function zxyToPmtilesTileId(z: number, x: number, y: number): number {
  if (!Number.isInteger(z) || z < 0 || z > PMTILES_MAX_ID_ZOOM) throw new RangeError(`zoom ${z} is not a whole number from 0 to ${PMTILES_MAX_ID_ZOOM}.`);
  const side = 2 ** z;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= side || y >= side) {
    throw new RangeError(`tile ${z}/${x}/${y} is not on zoom ${z}'s ${side} × ${side} grid.`);
  }
  const zoomStart = (4 ** z - 1) / 3;
  let [cx, cy] = [x, y];
  let along = 0;
  // From the largest quadrant down: each step says which quarter the tile is in, then turns the
  // quarter so that the curve inside it runs the same way as the whole (the Hilbert curve's rule).
  for (let half = side / 2; half >= 1; half /= 2) {
    const right = (cx & half) > 0 ? 1 : 0;
    const lower = (cy & half) > 0 ? 1 : 0;
    along += half * half * ((3 * right) ^ lower);
    if (lower === 0) {
      if (right === 1) {
        cx = side - 1 - cx;
        cy = side - 1 - cy;
      }
      [cx, cy] = [cy, cx];
    }
  }
  return zoomStart + along;
}

/** One entry of a directory: `runLength` tiles from `tileId` on, all the same `length` bytes at `offset` of the tile data. */
export interface PmtilesDirectoryEntry {
  tileId: number;
  offset: number;
  length: number;
  /** 0 marks an entry pointing at a leaf directory rather than at tiles. */
  runLength: number;
}

/**
 * A directory as the spec serializes it, before compression: varints of the entry count, then one
 * column at a time (every tile id as the difference from the one before, every run length, every
 * length, every offset). Columns rather than rows because like values together compress better.
 * Entries must be in tile id order.
 */
export function encodePmtilesDirectory(entries: readonly PmtilesDirectoryEntry[]): Uint8Array {
  const out: number[] = [];
  // Division rather than >>> so values past 2^32 (offsets in a large archive, ids at deep zooms) stay right.
  const varint = (value: number) => {
    let rest = value;
    while (rest >= 0x80) {
      out.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    out.push(rest);
  };
  varint(entries.length);
  let lastId = 0;
  for (const { tileId } of entries) {
    if (tileId < lastId) throw new RangeError(`directory entries are not in tile id order (${tileId} after ${lastId}).`);
    varint(tileId - lastId);
    lastId = tileId;
  }
  for (const { runLength } of entries) varint(runLength);
  for (const { length } of entries) varint(length);
  entries.forEach(({ offset }, index) => {
    const previous = entries[index - 1];
    // 0 means "right after the previous entry's bytes", the common case in a clustered archive;
    // any other offset is written plus one so that it cannot be mistaken for that.
    varint(previous !== undefined && offset === previous.offset + previous.length ? 0 : offset + 1);
  });
  return Uint8Array.from(out);
}

/** A tile to put in an archive, its bytes already compressed as `tileCompression` says. */
export interface PmtilesArchiveTile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

export interface PmtilesArchiveInput {
  tiles: readonly PmtilesArchiveTile[];
  /** Stored as JSON. Anything JSON can hold, so a test can write metadata a reader must refuse. */
  metadata: unknown;
  tileType: PmtilesTileType;
  tileCompression: PmtilesCompression;
  minZoom: number;
  maxZoom: number;
  /** West, south, east, north in degrees. */
  bounds: [number, number, number, number];
  center: { zoom: number; lon: number; lat: number };
  /** How the root directory and the metadata are compressed; gzip unless said, as `pmtiles extract` writes. */
  internalCompression?: PmtilesCompression;
  /** Compresses bytes as `internalCompression` says (the identity for 'none'). */
  compress: (bytes: Uint8Array) => Uint8Array;
  /**
   * Put the metadata after the tile data rather than before it. The spec allows the sections in any
   * order; a reader that takes the metadata from its first 16 KiB alone is caught by this.
   */
  metadataAfterTiles?: boolean;
}

/** The root directory has to end within the first 16 KiB, after the header. */
const ROOT_DIRECTORY_MAX_BYTES = PMTILES_FIRST_READ_BYTES - PMTILES_HEADER_BYTES;

/**
 * A whole PMTiles v3 archive: header, root directory, metadata and tile data, tiles in tile id
 * order, identical contents stored once (a pack's empty ocean or solid land tiles are many and
 * alike), consecutive tiles with the same contents as one run.
 *
 * Only a root directory is written, no leaf directories: the packs tests make have some hundreds of
 * entries, a few kilobytes compressed. An archive whose compressed root would not fit within the
 * first 16 KiB throws a RangeError saying so, rather than writing a file no reader could open.
 */
export function writePmtilesArchive(input: PmtilesArchiveInput): Uint8Array {
  const { compress, internalCompression = 'gzip', metadataAfterTiles = false } = input;
  const placed = input.tiles.map((tile) => ({ tileId: zxyToPmtilesTileId(tile.z, tile.x, tile.y), tile }));
  placed.sort((a, b) => a.tileId - b.tileId);

  const contents = new ContentStore();
  const entries: PmtilesDirectoryEntry[] = [];
  placed.forEach(({ tileId, tile }, index) => {
    const previousId = placed[index - 1]?.tileId;
    if (previousId === tileId) throw new RangeError(`tile ${tile.z}/${tile.x}/${tile.y} is given twice.`);
    const { offset, added } = contents.place(tile.data);
    const last = entries.at(-1);
    if (!added && last !== undefined && last.offset === offset && last.tileId + last.runLength === tileId) {
      last.runLength += 1;
    } else {
      entries.push({ tileId, offset, length: tile.data.length, runLength: 1 });
    }
  });

  const root = compress(encodePmtilesDirectory(entries));
  if (root.length > ROOT_DIRECTORY_MAX_BYTES) {
    throw new RangeError(
      `the root directory of ${entries.length} entries is ${root.length} bytes compressed; it must fit in ${ROOT_DIRECTORY_MAX_BYTES} (leaf directories are not written): make the pack with fewer tiles.`,
    );
  }
  const metadata = compress(utf8(JSON.stringify(input.metadata)));
  const tileData = contents.bytes();

  const rootOffset = PMTILES_HEADER_BYTES;
  const afterRoot = rootOffset + root.length;
  const [metadataOffset, tileDataOffset] = metadataAfterTiles ? [afterRoot + tileData.length, afterRoot] : [afterRoot, afterRoot + metadata.length];
  const end = afterRoot + metadata.length + tileData.length;
  const header = encodePmtilesHeader({
    rootDirectory: { offset: rootOffset, length: root.length },
    metadata: { offset: metadataOffset, length: metadata.length },
    // No leaf directories: an empty section at the end of the file.
    leafDirectories: { offset: end, length: 0 },
    tileData: { offset: tileDataOffset, length: tileData.length },
    addressedTiles: placed.length,
    tileEntries: entries.length,
    tileContents: contents.count,
    // Contents are laid down in tile id order as they first appear, which is what clustered means.
    clustered: true,
    internalCompression,
    tileCompression: input.tileCompression,
    tileType: input.tileType,
    minZoom: input.minZoom,
    maxZoom: input.maxZoom,
    bounds: input.bounds,
    center: input.center,
  });

  const archive = new Uint8Array(end);
  archive.set(header, 0);
  archive.set(root, rootOffset);
  archive.set(metadata, metadataOffset);
  archive.set(tileData, tileDataOffset);
  return archive;
}

/**
 * The tile data section being built: each distinct content once, found again by a cheap hash and
 * then compared byte for byte, so two tiles that merely hash alike are never merged.
 */
class ContentStore {
  private readonly parts: Uint8Array[] = [];
  private readonly byHash = new Map<string, Array<{ offset: number; data: Uint8Array }>>();
  private size = 0;

  get count(): number {
    return this.parts.length;
  }

  place(data: Uint8Array): { offset: number; added: boolean } {
    const key = `${data.length}:${fnv1a(data)}`;
    const alike = this.byHash.get(key) ?? [];
    const same = alike.find((stored) => sameBytes(stored.data, data));
    if (same !== undefined) return { offset: same.offset, added: false };
    const offset = this.size;
    alike.push({ offset, data });
    this.byHash.set(key, alike);
    this.parts.push(data);
    this.size += data.length;
    return { offset, added: true };
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

/**
 * UTF-8 bytes of a string. By hand because shared is built without DOM or Node types, so it has
 * no TextEncoder to name, though every place it runs has one. JSON.stringify escapes lone
 * surrogates, so every character here is a whole code point.
 */
function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x80) out.push(code);
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return Uint8Array.from(out);
}

/** 32-bit FNV-1a: enough to find candidates for deduplication, which are then compared whole. */
function fnv1a(data: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (const byte of data) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash >>> 0;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}
