import type { LatLng } from '@allstall/shared';
import type { PlacedRestrooms } from '@/lib/restrooms/placed-restrooms';

/** The point the map centres on with its own marker: a searched address or the person's position. */
export interface MapOrigin {
  position: LatLng;
  /** What the origin marker is called for screen readers and in its tooltip: "Your location", or the address. */
  label: string;
}

/**
 * The map view of /bathrooms (docs/product-rules.md#map). The map code is loaded lazily (`restroom-map.tsx` is
 * its own chunk) so the list never waits for Leaflet.
 */
export interface RestroomMapProps {
  /**
   * Already filtered by /bathrooms; the map shows exactly these, clustered from their positions and
   * expanded one by one as their pins or popups are drawn.
   */
  restrooms: PlacedRestrooms;
  /** null: centred on the region's map centre, without an origin marker. */
  origin: MapOrigin | null;
  /** Directions start here when it is a real position (see RestroomCard). */
  directionsFrom: LatLng | null;
  /** Called when the person chooses "Add a bathroom here" for a spot on the map. */
  onAddHere?: (spot: LatLng) => void;
}
