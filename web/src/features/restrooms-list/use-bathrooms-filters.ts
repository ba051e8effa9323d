import { useCallback, useMemo, useState } from 'react';
import { NO_FILTERS, parseBathroomsFilters, type BathroomsFilters } from './bathrooms-filters';
import { useStoredState, type StoredSetting } from './use-stored-state';
import { filtersToKeep, NO_VISIT_OVERRIDE, visitFilters, type VisitOverride } from './visit-parameters';

/** Kept on the device: someone who needs a changing table needs one every time. */
const FILTERS_SETTING: StoredSetting<BathroomsFilters> = {
  kind: 'local',
  // Stored under the screen's old name: renaming the key would forget every device's saved choice.
  key: 'home-filters',
  version: 1,
  parse: parseBathroomsFilters,
  fallback: NO_FILTERS,
};

/**
 * The filters the screen shows: those kept on the device, with what a link asked for this `visit`
 * turned on over them (visit-parameters.ts). A change the person makes is shown as made, and kept
 * without the link's part.
 */
export function useBathroomsFilters(visit: VisitOverride = NO_VISIT_OVERRIDE): [BathroomsFilters, (filters: BathroomsFilters) => void] {
  const [stored, store] = useStoredState(FILTERS_SETTING);
  const [chosen, setChosen] = useState<{ visit: VisitOverride; filters: BathroomsFilters } | null>(null);
  const linked = useMemo(() => (Object.keys(visit.filters).length === 0 ? stored : visitFilters(stored, visit)), [stored, visit]);
  const set = useCallback(
    (filters: BathroomsFilters) => {
      setChosen({ visit, filters });
      store(filtersToKeep(stored, visit, filters));
    },
    [stored, store, visit],
  );
  // A new visit (another link followed while the screen stays open) starts again from its own override.
  return [chosen !== null && chosen.visit === visit ? chosen.filters : linked, set];
}
