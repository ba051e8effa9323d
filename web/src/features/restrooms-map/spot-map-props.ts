import type { LatLng } from '@allstall/shared';
import type { MapTilesProps } from './map-tiles';

export interface SpotMapProps {
  /** Where the restroom is: its pin, at the middle of the map. */
  position: LatLng;
  /** The map's accessible name, e.g. 'Map of where Quiet Library is'. */
  label: string;
  tiles: MapTilesProps['tiles'];
  className?: string;
}
