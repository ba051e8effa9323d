import L from 'leaflet';
import { PMTiles, TileType, type Header } from 'pmtiles';
import { leafletLayer } from 'protomaps-leaflet';
import type { Theme } from '@/lib/settings/theme';
import { packFileSource } from '../map-pack';
import type { Box } from './tile-coverage';

/*
 * The map drawn from the pack saved on the device (docs/map-pack.md#drawing-the-pack), its own chunk
 * loaded only once a pack is saved. Vector packs in the Protomaps basemap schema are drawn on canvas
 * by protomaps-leaflet in its light or dark style, following the app's theme; raster packs are drawn
 * as their images. Either way each tile is a byte range of the saved file.
 */

/** Where the pack draws: the raster tile layer leaves these tiles to it. */
export interface PackCoverage {
  box: Box;
  minZoom: number;
}

export interface DrawnPack {
  layer: L.GridLayer;
  coverage: PackCoverage;
}

export interface PackLayerOptions {
  file: Blob;
  version: string;
  theme: Theme;
  lang: string;
  /** The credit as /api/config gives it: plain text, made safe here for Leaflet's HTML control. */
  attribution: string;
}

const IMAGE_TYPES: Partial<Record<TileType, string>> = {
  [TileType.Png]: 'image/png',
  [TileType.Jpeg]: 'image/jpeg',
  [TileType.Webp]: 'image/webp',
  [TileType.Avif]: 'image/avif',
};

/** Above the tile server's layer (zIndex 1), under the pins' panes. */
const PACK_Z_INDEX = 2;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function coverageOf(header: Header): PackCoverage {
  return { box: [header.minLon, header.minLat, header.maxLon, header.maxLat], minZoom: header.minZoom };
}

/** The pack's images on canvases, scaled up past its deepest zoom. */
function rasterLayer(pmtiles: PMTiles, header: Header, type: string, options: L.GridLayerOptions): L.GridLayer {
  const Raster = L.GridLayer.extend({
    createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 256;
      pmtiles
        .getZxy(coords.z, coords.x, coords.y)
        .then(async (tile) => {
          if (tile !== undefined) {
            const image = await createImageBitmap(new Blob([tile.data], { type }));
            canvas.getContext('2d')?.drawImage(image, 0, 0, 256, 256);
            image.close();
          }
          done(undefined, canvas);
        })
        .catch((error: unknown) => done(error instanceof Error ? error : new Error(String(error)), canvas));
      return canvas;
    },
  });
  const RasterLayer = Raster as unknown as new (options: L.GridLayerOptions) => L.GridLayer;
  return new RasterLayer({ ...options, maxNativeZoom: header.maxZoom, className: 'raster-tiles' });
}

export async function packLayer({ file, version, theme, lang, attribution }: PackLayerOptions): Promise<DrawnPack> {
  const pmtiles = new PMTiles(packFileSource(file, version));
  const header = await pmtiles.getHeader();
  const coverage = coverageOf(header);
  const options: L.GridLayerOptions = {
    bounds: L.latLngBounds([header.minLat, header.minLon], [header.maxLat, header.maxLon]),
    minZoom: header.minZoom,
    zIndex: PACK_Z_INDEX,
    attribution: escapeHtml(attribution),
  };
  const imageType = IMAGE_TYPES[header.tileType];
  if (imageType !== undefined) return { layer: rasterLayer(pmtiles, header, imageType, options), coverage };
  // protomaps-leaflet subclasses the global L's GridLayer when called; Leaflet 1.9 no longer sets the
  // global itself when bundled as a module, so the same Leaflet the map uses is put there.
  (globalThis as { L?: typeof L }).L ??= L;
  const layer = leafletLayer({ ...options, url: pmtiles, flavor: theme, lang, maxDataZoom: header.maxZoom, className: 'pack-tiles' });
  return { layer: layer as unknown as L.GridLayer, coverage };
}
