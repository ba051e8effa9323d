import { TileLayer } from 'react-leaflet';
import '../../styles/map-tiles.css';

export interface MapTilesProps {
  /** The deployment's tile server (TILE_URL) and its credit, as last fetched; null until then. */
  tiles: { tileUrl: string; tileAttribution: string } | null;
  maxZoom: number;
}

/**
 * The deployment's tiles, as every map of the app draws them. They wait for the deployment's own
 * tile server: drawing the built-in default meanwhile would fetch from a server the deployment did
 * not choose (and its Content-Security-Policy refuses). crossOrigin: CORS answers the service worker
 * can check and keep, never opaque ones; that is what lets a street seen once draw again offline.
 */
export function MapTiles({ tiles, maxZoom }: MapTilesProps) {
  if (tiles === null) return null;
  return <TileLayer url={tiles.tileUrl} attribution={tiles.tileAttribution} crossOrigin maxZoom={maxZoom} />;
}
