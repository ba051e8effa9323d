// What other features may use of the map: its props, and its code fetched on demand, so Leaflet stays
// its own chunk and the list never waits for it.
export type { MapOrigin, RestroomMapProps } from './restroom-map-props';
;
export const loadRestroomMap = () => import('./restroom-map');
/** The detail screen's small map of one restroom's spot, fetched with the map's chunk when it shows. */
export const loadSpotMap = () => import('./restroom-map').then((module) => module.SpotMap);
