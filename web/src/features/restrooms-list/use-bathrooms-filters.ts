import { NO_FILTERS, parseHomeFilters, type HomeFilters } from './home-filters';
import { useStoredState, type StoredSetting } from './use-stored-state';

/** Kept on the device: someone who needs a changing table needs one every time. */
const HOME_FILTERS: StoredSetting<HomeFilters> = {
  kind: 'local',
  key: 'home-filters',
  version: 1,
  parse: parseHomeFilters,
  fallback: NO_FILTERS,
};

export function useHomeFilters(): [HomeFilters, (filters: HomeFilters) => void] {
  return useStoredState(HOME_FILTERS);
}
