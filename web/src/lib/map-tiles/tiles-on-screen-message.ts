/**
 * What a page tells the service worker that has just taken it over: the map tiles it already shows.
 * Shared by the page and the worker, so it uses neither's own types.
 */
export const KEEP_TILES_ON_SCREEN = 'keep-tiles-on-screen';

/** More than a large desktop screen shows mid-zoom; the worker ignores the rest of a longer list. */
export const MAX_TILES_ON_SCREEN = 256;

export interface KeepTilesOnScreenMessage {
  type: typeof KEEP_TILES_ON_SCREEN;
  urls: string[];
}
