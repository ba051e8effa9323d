import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import type { PackCoverage } from './pack-layer';
import { useSavedPackLayer } from './saved-pack-layer';
import { packDrawsTile } from './tile-coverage';
import '@/styles/map-tiles.css';

export interface MapTilesProps {
  /** The deployment's tile server (TILE_URL) and its credit, as last fetched; null until then. */
  tiles: { tileUrl: string; tileAttribution: string } | null;
  maxZoom: number;
}

/**
 * The tile server's layer, asked for no tile the saved pack draws: those get an empty element at
 * once, so a pack saves data online too and nothing waits on a request offline.
 */
const ServerTiles = L.TileLayer.extend({
  createTile(this: L.TileLayer & { coverage: PackCoverage | null }, coords: L.Coords, done: L.DoneCallback): HTMLElement {
    if (this.coverage !== null && packDrawsTile(coords, this.coverage)) {
      const empty = document.createElement('div');
      setTimeout(() => done(undefined, empty));
      return empty;
    }
    // Leaflet's own tile image for every other tile (createTile is protected in its types, not in its code).
    const serverTile = (L.TileLayer.prototype as unknown as { createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement }).createTile;
    return serverTile.call(this, coords, done);
  },
}) as unknown as new (url: string, options: L.TileLayerOptions) => L.TileLayer & { coverage: PackCoverage | null };

function TileServerLayer({ url, attribution, maxZoom, coverage }: { url: string; attribution: string; maxZoom: number; coverage: PackCoverage | null }) {
  const map = useMap();
  const layer = useRef<InstanceType<typeof ServerTiles> | null>(null);
  useEffect(() => {
    // crossOrigin: CORS answers the service worker can check and keep, never opaque ones; that is
    // what lets a street seen once draw again offline. `raster-tiles`: the dark theme dims these images.
    const made = new ServerTiles(url, { attribution, crossOrigin: true, maxZoom, className: 'raster-tiles' });
    made.coverage = null;
    layer.current = made;
    made.addTo(map);
    return () => {
      made.remove();
      layer.current = null;
    };
  }, [map, url, attribution, maxZoom]);
  useEffect(() => {
    const made = layer.current;
    if (made === null || made.coverage === coverage) return;
    made.coverage = coverage;
    made.redraw();
  }, [coverage, url, attribution, maxZoom]);
  return null;
}

/**
 * The deployment's tiles, as every map of the app draws them, under the map pack saved on this
 * device where it covers (docs/map-pack.md#drawing-the-pack). The tile server waits for the
 * deployment's own settings: drawing the built-in default meanwhile would fetch from a server the
 * deployment did not choose (and its Content-Security-Policy refuses).
 */
export function MapTiles({ tiles, maxZoom }: MapTilesProps) {
  const coverage = useSavedPackLayer();
  if (tiles === null) return null;
  return <TileServerLayer url={tiles.tileUrl} attribution={tiles.tileAttribution} maxZoom={maxZoom} coverage={coverage} />;
}
