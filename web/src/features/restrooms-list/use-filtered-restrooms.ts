import { useMemo } from 'react';
import { useClientConfig } from '../../hooks/use-client-config';
import { useNow } from '../../hooks/use-now';
import { activeFilterKeys, filterRestrooms, type HomeFilters } from './home-filters';
import type { ListedRestroom } from './order-restrooms';

/** The list as the filters leave it, for the list and the map alike; undefined while the mirror answers. */
export function useFilteredRestrooms(rows: ListedRestroom[] | undefined, filters: HomeFilters): ListedRestroom[] | undefined {
  const now = useNow();
  const { region } = useClientConfig();
  // Only an open-now filter follows the minute tick; otherwise the same array goes on, and no card re-renders.
  const minute = filters.open_now ? now.getTime() : 0;
  return useMemo(() => {
    if (!rows || activeFilterKeys(filters).length === 0) return rows;
    return filterRestrooms(rows, filters, new Date(minute), region.timeZone);
  }, [rows, filters, minute, region.timeZone]);
}
