import { useMemo } from 'react';
import { useClientConfig } from '@/hooks/use-client-config';
import { useNow } from '@/hooks/use-now';
import { restroomFilter, type BathroomsFilters } from './bathrooms-filters';
import type { NearestList } from './nearest-list';

/** The list as the filters leave it, for the list and the map alike; undefined while the mirror answers. */
export function useFilteredRestrooms(rows: NearestList | undefined, filters: BathroomsFilters): NearestList | undefined {
  const now = useNow();
  const { region } = useClientConfig();
  // Only an open-now filter follows the minute tick; otherwise the same list goes on, and no card re-renders.
  const minute = filters.open_now ? now.getTime() : 0;
  return useMemo(() => {
    const filter = restroomFilter(filters, new Date(minute), region.timeZone);
    return rows && filter ? rows.where(filter) : rows;
  }, [rows, filters, minute, region.timeZone]);
}
