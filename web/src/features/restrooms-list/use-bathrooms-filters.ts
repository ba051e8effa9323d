import { NO_FILTERS, parseBathroomsFilters, type BathroomsFilters } from './bathrooms-filters';
import { useStoredState, type StoredSetting } from './use-stored-state';

/** Kept on the device: someone who needs a changing table needs one every time. */
const FILTERS_SETTING: StoredSetting<BathroomsFilters> = {
  kind: 'local',
  // Stored under the screen's old name: renaming the key would forget every device's saved choice.
  key: 'home-filters',
  version: 1,
  parse: parseBathroomsFilters,
  fallback: NO_FILTERS,
};

export function useBathroomsFilters(): [BathroomsFilters, (filters: BathroomsFilters) => void] {
  return useStoredState(FILTERS_SETTING);
}
