import Supercluster from 'supercluster';
import type { LatLng } from '@allstall/shared';
import type { ListedRestroom } from '../../lib/listed-restroom';

/** docs/product-rules.md#map: markers closer than a 60 px grid cell merge. */
export const CLUSTER_GRID_SIZE_PX = 60;
/** docs/product-rules.md#map: two close restrooms already make a cluster. */
export const CLUSTER_MIN_SIZE = 2;
/** docs/product-rules.md#map: a cluster is drawn red when its count exceeds the larger of this and the mean count. */
export const CLUSTER_CROWDED_MIN = 10;
/** The deepest zoom OpenStreetMap's tiles go to; below it clusters still split apart. */
export const MAP_MAX_ZOOM = 19;

export type PlacedRestroom = ListedRestroom & { latitude: number; longitude: number };

export type MapItem =
  | { kind: 'restroom'; restroom: PlacedRestroom }
  | { kind: 'cluster'; clusterId: number; count: number; position: LatLng };

/** West, south, east, north in degrees, as the map reports its visible area. */
export type MapBounds = readonly [number, number, number, number];

export interface RestroomClusters {
  /** What to draw for the visible area at a whole-number zoom: single restrooms and clusters. */
  itemsIn(bounds: MapBounds, zoom: number): MapItem[];
  /** The zoom at which a cluster splits into smaller clusters or single restrooms. */
  expansionZoom(clusterId: number): number;
}

export function restroomIsPlaced(restroom: ListedRestroom): restroom is PlacedRestroom {
  return restroom.latitude !== null && restroom.longitude !== null;
}

/** Restrooms without coordinates cannot be drawn; the list still shows them. */
export function createRestroomClusters(restrooms: readonly ListedRestroom[]): RestroomClusters {
  const placed = restrooms.filter(restroomIsPlaced);
  const index = new Supercluster<{ at: number }>({
    radius: CLUSTER_GRID_SIZE_PX,
    // Leaflet's tiles are 256 px, so with this extent the radius is in screen pixels.
    extent: 256,
    minPoints: CLUSTER_MIN_SIZE,
    // Restrooms in one building share coordinates: they are drawn apart at the deepest zoom.
    maxZoom: MAP_MAX_ZOOM - 1,
  });
  index.load(
    placed.map((restroom, at) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [restroom.longitude, restroom.latitude] },
      properties: { at },
    })),
  );

  return {
    itemsIn(bounds, zoom) {
      return index.getClusters([...bounds], Math.round(zoom)).map((feature): MapItem => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        if ('cluster' in feature.properties) {
          const { cluster_id, point_count } = feature.properties;
          return { kind: 'cluster', clusterId: cluster_id, count: point_count, position: { lat, lng } };
        }
        return { kind: 'restroom', restroom: placed[feature.properties.at]! };
      });
    },
    expansionZoom(clusterId) {
      return Math.min(index.getClusterExpansionZoom(clusterId), MAP_MAX_ZOOM);
    },
  };
}

/** The count above which a cluster is drawn red: the larger of 10 and the mean of the visible clusters. */
export function clusterCrowdedAbove(visibleCounts: readonly number[]): number {
  if (visibleCounts.length === 0) return CLUSTER_CROWDED_MIN;
  const mean = visibleCounts.reduce((sum, count) => sum + count, 0) / visibleCounts.length;
  return Math.max(CLUSTER_CROWDED_MIN, mean);
}

export function clusterIsCrowded(count: number, crowdedAbove: number): boolean {
  return count > crowdedAbove;
}
