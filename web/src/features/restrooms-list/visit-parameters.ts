import { OPEN_NOW, OPEN_PARAMETER, SORT_NEAREST, SORT_PARAMETER } from '@/lib/links/visit-links';
import type { BathroomsFilters } from './bathrooms-filters';
import type { BathroomsView } from './use-bathrooms-view';

/**
 * What a link asks of /bathrooms for one visit (docs/product-rules.md#links-for-one-visit): filters
 * to turn on and a view to open in, over what the device keeps, without changing what it keeps.
 */
export interface VisitOverride {
  filters: Partial<BathroomsFilters>;
  view: BathroomsView | null;
}

export const NO_VISIT_OVERRIDE: VisitOverride = { filters: {}, view: null };

/** The override `?open=now&sort=nearest` asks for; other parameters and values are ignored, as a stray one in a link would be. */
export function parseVisitParameters(search: string): VisitOverride {
  const query = new URLSearchParams(search);
  const filters: Partial<BathroomsFilters> = {};
  if (query.get(OPEN_PARAMETER) === OPEN_NOW) filters.open_now = true;
  // Nearest first is how the list is always sorted; what the link asks for is the list rather than the map.
  const view = query.get(SORT_PARAMETER) === SORT_NEAREST ? 'list' : null;
  return { filters, view };
}

/** The filters the visit shows: the kept ones with the link's turned on. */
export function visitFilters(stored: BathroomsFilters, visit: VisitOverride): BathroomsFilters {
  return { ...stored, ...visit.filters };
}

/**
 * What to keep on the device when the person changes the filters during such a visit: their change,
 * but a filter the link set and they left as it was stays as the device had it. Turning the link's
 * filter off (or any other on) is their own choice, and kept.
 */
export function filtersToKeep(stored: BathroomsFilters, visit: VisitOverride, chosen: BathroomsFilters): BathroomsFilters {
  const kept = { ...chosen };
  for (const [key, value] of Object.entries(visit.filters) as Array<[keyof BathroomsFilters, boolean]>) {
    if (chosen[key] === value) kept[key] = stored[key];
  }
  return kept;
}
