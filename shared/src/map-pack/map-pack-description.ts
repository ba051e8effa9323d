import { DEFAULT_TILE_ATTRIBUTION } from '../region.js';
import type { MapPack } from '../schemas/config.js';
import type { PmtilesHeader, PmtilesTileType } from './pmtiles-header.js';
import type { PmtilesMetadata } from './pmtiles-metadata.js';

/*
 * From a PMTiles archive's header and metadata to what `/api/config` says of the map pack, and the
 * checks that keep a pack the device could not draw from being offered at all.
 */

/** The Protomaps basemap layers the app's vector styles draw; a vector pack without them draws blank. */
const PROTOMAPS_BASEMAP_LAYERS = ['earth', 'water', 'landuse', 'roads', 'places'] as const;

/**
 * Why the device could not use this archive, or null when it can. Browsers decompress gzip and
 * nothing else of the PMTiles choices (`DecompressionStream`), so the directories and metadata must
 * be gzip or plain, as `pmtiles extract` writes them; vector tiles gzip or plain; images as they are.
 */
export function mapPackProblem(header: PmtilesHeader): string | null {
  if (header.tileType === 'unknown') {
    return 'its tile type is unknown; allstall draws MVT vector tiles or PNG, JPEG, WebP or AVIF images.';
  }
  if (header.internalCompression !== 'gzip' && header.internalCompression !== 'none') {
    return `its directories are compressed with ${header.internalCompression}; a browser reads only gzip or uncompressed ones (make the pack with \`pmtiles extract\`).`;
  }
  const tileCompressions = header.tileType === 'mvt' ? ['gzip', 'none'] : ['none'];
  if (!tileCompressions.includes(header.tileCompression)) {
    return `its ${header.tileType} tiles are compressed with ${header.tileCompression}; a browser reads ${header.tileType === 'mvt' ? 'gzip or uncompressed vector tiles' : 'images as they are'}.`;
  }
  return null;
}

/**
 * The pack's version: the data's own version when the metadata names one, then a tag of the content.
 * The data version alone is not enough: two extracts of one build (another region, another zoom)
 * share it. Only letters, digits, `.`, `_` and `-` are kept, as the version names the served file.
 */
export function mapPackVersion(dataVersion: string | null, contentTag: string): string {
  const tag = contentTag.slice(0, 12);
  const data = (dataVersion ?? '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '').slice(0, 40);
  return data === '' ? tag : `${data}-${tag}`;
}

/** Whether the tiles are vectors to style or images to show. */
function mapPackKind(tileType: Exclude<PmtilesTileType, 'unknown'>): MapPack['kind'] {
  return tileType === 'mvt' ? 'vector' : 'raster';
}

/**
 * What `/api/config` says of a pack. Without an attribution in the metadata the pack is credited to
 * OpenStreetMap, whose data every pack made as docs/map-pack.md says is (ODbL asks for the credit).
 */
export function describeMapPack({
  header,
  metadata,
  url,
  bytes,
  version,
}: {
  header: PmtilesHeader;
  metadata: PmtilesMetadata;
  url: string;
  bytes: number;
  version: string;
}): MapPack {
  const problem = mapPackProblem(header);
  if (problem !== null || header.tileType === 'unknown') throw new Error(`this pack cannot be offered: ${problem ?? 'unknown tile type'}`);
  return {
    url,
    bytes,
    bounds: [...header.bounds],
    min_zoom: header.minZoom,
    max_zoom: header.maxZoom,
    kind: mapPackKind(header.tileType),
    tile_type: header.tileType,
    version,
    attribution: metadata.attribution ?? DEFAULT_TILE_ATTRIBUTION,
  };
}

/**
 * The Protomaps basemap layers a vector pack's metadata does not list (the api warns at start: the
 * app's styles would draw little of such a pack). Empty when the metadata lists no layers at all,
 * since then nothing can be told.
 */
export function missingBasemapLayers(metadata: PmtilesMetadata): string[] {
  if (metadata.vectorLayers.length === 0) return [];
  const ids = new Set(metadata.vectorLayers.map((layer) => layer.id));
  return PROTOMAPS_BASEMAP_LAYERS.filter((layer) => !ids.has(layer));
}
