import { describe, expect, it } from 'vitest';
import { DEFAULT_TILE_ATTRIBUTION } from '../region.js';
import { describeMapPack, mapPackProblem, mapPackVersion, missingBasemapLayers } from './map-pack-description.js';
import type { PmtilesHeader } from './pmtiles-header.js';

const HEADER: PmtilesHeader = {
  specVersion: 3,
  rootDirectory: { offset: 127, length: 40 },
  metadata: { offset: 167, length: 60 },
  leafDirectories: { offset: 227, length: 0 },
  tileData: { offset: 227, length: 30 },
  addressedTiles: 3,
  tileEntries: 3,
  tileContents: 3,
  clustered: true,
  internalCompression: 'gzip',
  tileCompression: 'gzip',
  tileType: 'mvt',
  minZoom: 0,
  maxZoom: 15,
  bounds: [-93.33, 44.89, -93.193, 45.052],
  center: { zoom: 12, lon: -93.27, lat: 44.98 },
};

describe('mapPackProblem', () => {
  it('accepts what `pmtiles extract` writes: gzip directories, gzip or plain vector tiles, plain images', () => {
    expect(mapPackProblem(HEADER)).toBeNull();
    expect(mapPackProblem({ ...HEADER, internalCompression: 'none', tileCompression: 'none' })).toBeNull();
    expect(mapPackProblem({ ...HEADER, tileType: 'png', tileCompression: 'none' })).toBeNull();
    expect(mapPackProblem({ ...HEADER, tileType: 'avif', tileCompression: 'none' })).toBeNull();
  });

  it('refuses what a browser could not read or draw, saying why', () => {
    expect(mapPackProblem({ ...HEADER, tileType: 'unknown' })).toMatch(/tile type is unknown/);
    expect(mapPackProblem({ ...HEADER, internalCompression: 'zstd' })).toMatch(/directories are compressed with zstd/);
    expect(mapPackProblem({ ...HEADER, internalCompression: 'unknown' })).toMatch(/compressed with unknown/);
    expect(mapPackProblem({ ...HEADER, tileCompression: 'brotli' })).toMatch(/mvt tiles are compressed with brotli/);
    expect(mapPackProblem({ ...HEADER, tileType: 'webp', tileCompression: 'gzip' })).toMatch(/webp tiles are compressed with gzip; a browser reads images as they are/);
  });
});

describe('mapPackVersion', () => {
  it('joins the data version, made safe for a file name, to the start of the content tag', () => {
    expect(mapPackVersion('2025-06-01T20:21:52Z', 'a1b2c3d4e5f60718293a')).toBe('2025-06-01T20-21-52Z-a1b2c3d4e5f6');
    expect(mapPackVersion('4.10.0', 'a1b2c3d4e5f60718293a')).toBe('4.10.0-a1b2c3d4e5f6');
    expect(mapPackVersion('../../etc/passwd', 'a1b2c3d4e5f6')).toBe('etc-passwd-a1b2c3d4e5f6');
  });

  it('is the content tag alone when the metadata names no version', () => {
    expect(mapPackVersion(null, 'a1b2c3d4e5f60718293a')).toBe('a1b2c3d4e5f6');
    expect(mapPackVersion('///', 'a1b2c3d4e5f6')).toBe('a1b2c3d4e5f6');
  });
});

describe('describeMapPack', () => {
  it('says what /api/config offers of a vector pack', () => {
    const metadata = { attribution: 'Protomaps © OpenStreetMap', vectorLayers: [], dataVersion: null };
    expect(describeMapPack({ header: HEADER, metadata, url: '/map-pack/v1.pmtiles', bytes: 257, version: 'v1' })).toEqual({
      url: '/map-pack/v1.pmtiles',
      bytes: 257,
      bounds: [-93.33, 44.89, -93.193, 45.052],
      min_zoom: 0,
      max_zoom: 15,
      kind: 'vector',
      tile_type: 'mvt',
      version: 'v1',
      attribution: 'Protomaps © OpenStreetMap',
    });
  });

  it('calls image tiles raster, and credits OpenStreetMap when the metadata credits nobody', () => {
    const metadata = { attribution: null, vectorLayers: [], dataVersion: null };
    const pack = describeMapPack({ header: { ...HEADER, tileType: 'jpeg', tileCompression: 'none' }, metadata, url: 'https://cdn.example/x.pmtiles', bytes: 9, version: 'v' });
    expect(pack).toMatchObject({ kind: 'raster', tile_type: 'jpeg', attribution: DEFAULT_TILE_ATTRIBUTION });
  });
});

describe('missingBasemapLayers', () => {
  it('names the Protomaps basemap layers a vector pack lacks, and nothing when the metadata lists no layers', () => {
    const layers = (...ids: string[]) => ({ attribution: null, dataVersion: null, vectorLayers: ids.map((id) => ({ id })) });
    expect(missingBasemapLayers(layers('earth', 'water', 'landuse', 'roads', 'places', 'pois'))).toEqual([]);
    expect(missingBasemapLayers(layers('transportation', 'water'))).toEqual(['earth', 'landuse', 'roads', 'places']);
    expect(missingBasemapLayers(layers())).toEqual([]);
  });
});
