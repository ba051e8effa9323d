import { describe, expect, it } from 'vitest';
import { checkPmtilesSections, encodePmtilesHeader, PmtilesFormatError, readPmtilesHeader, type PmtilesHeader } from './pmtiles-header.js';

/**
 * A header written byte by byte at the offsets the spec's table gives, independently of
 * encodePmtilesHeader, so that a mistake shared by the reader and the writer still shows.
 */
function specHeaderBytes(): Uint8Array {
  const bytes = new Uint8Array(127);
  const view = new DataView(bytes.buffer);
  bytes.set([0x50, 0x4d, 0x54, 0x69, 0x6c, 0x65, 0x73], 0); // "PMTiles"
  bytes[7] = 3;
  view.setBigUint64(8, 127n, true); // root directory offset
  view.setBigUint64(16, 250n, true); // root directory length
  view.setBigUint64(24, 377n, true); // metadata offset
  view.setBigUint64(32, 1024n, true); // metadata length
  view.setBigUint64(40, 1401n, true); // leaf directories offset
  view.setBigUint64(48, 0n, true); // leaf directories length
  view.setBigUint64(56, 1401n, true); // tile data offset
  view.setBigUint64(64, 5_000_000_000n, true); // tile data length: beyond 32 bits on purpose
  view.setBigUint64(72, 21_845n, true);
  view.setBigUint64(80, 20_000n, true);
  view.setBigUint64(88, 19_000n, true);
  bytes[96] = 1; // clustered
  bytes[97] = 2; // internal compression: gzip
  bytes[98] = 2; // tile compression: gzip
  bytes[99] = 1; // tile type: MVT
  bytes[100] = 0; // min zoom
  bytes[101] = 15; // max zoom
  view.setInt32(102, -933_300_000, true); // min lon -93.33
  view.setInt32(106, 448_900_000, true); // min lat 44.89
  view.setInt32(110, -931_930_000, true); // max lon -93.193
  view.setInt32(114, 450_520_000, true); // max lat 45.052
  bytes[118] = 12; // centre zoom
  view.setInt32(119, -932_669_450, true); // centre lon -93.266945
  view.setInt32(123, 449_792_250, true); // centre lat 44.979225
  return bytes;
}

const EXPECTED: PmtilesHeader = {
  specVersion: 3,
  rootDirectory: { offset: 127, length: 250 },
  metadata: { offset: 377, length: 1024 },
  leafDirectories: { offset: 1401, length: 0 },
  tileData: { offset: 1401, length: 5_000_000_000 },
  addressedTiles: 21_845,
  tileEntries: 20_000,
  tileContents: 19_000,
  clustered: true,
  internalCompression: 'gzip',
  tileCompression: 'gzip',
  tileType: 'mvt',
  minZoom: 0,
  maxZoom: 15,
  bounds: [-93.33, 44.89, -93.193, 45.052],
  center: { zoom: 12, lon: -93.266945, lat: 44.979225 },
};

/** The spec's header with one byte or field changed. */
function withChange(change: (bytes: Uint8Array, view: DataView) => void): Uint8Array {
  const bytes = specHeaderBytes();
  change(bytes, new DataView(bytes.buffer));
  return bytes;
}

function problemOf(bytes: Uint8Array): string {
  try {
    readPmtilesHeader(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(PmtilesFormatError);
    return (error as Error).message;
  }
  throw new Error('the header was read without a problem');
}

describe('readPmtilesHeader', () => {
  it('reads every field at the offsets of the PMTiles v3 spec', () => {
    expect(readPmtilesHeader(specHeaderBytes())).toEqual(EXPECTED);
  });

  it('reads the header at the start of a longer read, and from a view into a larger buffer', () => {
    const first16k = new Uint8Array(16_384);
    first16k.set(specHeaderBytes());
    expect(readPmtilesHeader(first16k)).toEqual(EXPECTED);
    const larger = new Uint8Array(200);
    larger.set(specHeaderBytes(), 50);
    expect(readPmtilesHeader(larger.subarray(50))).toEqual(EXPECTED);
  });

  it('names each tile type and compression, and reads a number it does not know as unknown', () => {
    const types = [0, 1, 2, 3, 4, 5, 6].map((code) => readPmtilesHeader(withChange((bytes) => (bytes[99] = code))).tileType);
    expect(types).toEqual(['unknown', 'mvt', 'png', 'jpeg', 'webp', 'avif', 'unknown']);
    const compressions = [0, 1, 2, 3, 4, 9].map((code) => readPmtilesHeader(withChange((bytes) => (bytes[97] = code))).internalCompression);
    expect(compressions).toEqual(['unknown', 'none', 'gzip', 'brotli', 'zstd', 'unknown']);
  });

  it('reads bounds on the far side of the equator and the antimeridian', () => {
    const header = readPmtilesHeader(
      withChange((_bytes, view) => {
        view.setInt32(102, -1_800_000_000, true);
        view.setInt32(106, -900_000_000, true);
        view.setInt32(110, 1_800_000_000, true);
        view.setInt32(114, 900_000_000, true);
      }),
    );
    expect(header.bounds).toEqual([-180, -90, 180, 90]);
  });

  it('refuses bytes that are not a PMTiles v3 header, saying why', () => {
    expect(problemOf(new Uint8Array(100))).toMatch(/100 bytes long, shorter than the 127-byte PMTiles header/);
    expect(problemOf(new TextEncoder().encode('<!doctype html>'.padEnd(200, ' ')))).toMatch(/not a PMTiles archive/);
    expect(problemOf(withChange((bytes) => (bytes[7] = 2)))).toMatch(/version 2 archive; allstall reads version 3/);
    expect(problemOf(withChange((_bytes, view) => view.setBigUint64(16, 0n, true)))).toMatch(/root directory is empty/);
    expect(problemOf(withChange((_bytes, view) => view.setBigUint64(16, 16_300n, true)))).toMatch(/not between the header and byte 16384/);
    expect(problemOf(withChange((_bytes, view) => view.setBigUint64(8, 0n, true)))).toMatch(/not between the header and byte 16384/);
    expect(problemOf(withChange((bytes) => (bytes[100] = 16)))).toMatch(/minimum zoom \(16\) is above its maximum zoom \(15\)/);
    expect(problemOf(withChange((bytes) => (bytes[101] = 40)))).toMatch(/maximum zoom \(40\) is beyond 31/);
    expect(problemOf(withChange((_bytes, view) => view.setInt32(106, 950_000_000, true)))).toMatch(/not longitudes and latitudes/);
    expect(problemOf(withChange((_bytes, view) => view.setInt32(102, -931_000_000, true)))).toMatch(/not west, south, east, north in order/);
    expect(problemOf(withChange((_bytes, view) => view.setBigUint64(64, 2n ** 60n, true)))).toMatch(/tile data length \(\d+\) is too large/);
  });
});

describe('checkPmtilesSections', () => {
  const header = { ...EXPECTED, tileData: { offset: 1401, length: 600 } };

  it('accepts an archive that holds every section', () => {
    expect(() => checkPmtilesSections(header, 2001)).not.toThrow();
  });

  it('names the section that runs past the end of an archive cut short', () => {
    expect(() => checkPmtilesSections(header, 2000)).toThrow(/tile data ends at byte 2001, beyond the archive's 2000 bytes: the file is cut short/);
    expect(() => checkPmtilesSections(header, 1000)).toThrow(/metadata ends at byte 1401/);
  });

  it('does not mind where an empty section points', () => {
    expect(() => checkPmtilesSections({ ...header, leafDirectories: { offset: 99_999, length: 0 } }, 2001)).not.toThrow();
  });
});

describe('encodePmtilesHeader', () => {
  it('writes the bytes the spec describes, which read back as the same header', () => {
    const { specVersion: _version, ...fields } = EXPECTED;
    const encoded = encodePmtilesHeader(fields);
    expect([...encoded]).toEqual([...specHeaderBytes()]);
    expect(readPmtilesHeader(encoded)).toEqual(EXPECTED);
  });
});
