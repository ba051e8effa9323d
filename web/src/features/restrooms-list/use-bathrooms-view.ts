import { useCallback, useState } from 'react';
import { readStored } from '@/lib/settings/stored-settings';
import { useStoredState, type StoredSetting } from './use-stored-state';
import { NO_VISIT_OVERRIDE, parseVisitParameters, type VisitOverride } from './visit-parameters';

/** Which view /bathrooms shows; the map unless the person chose the list on this device (spec: mapView defaults to true). */
export type BathroomsView = 'map' | 'list';

const VIEW_SETTING: StoredSetting<BathroomsView> = {
  kind: 'local',
  // Stored under the screen's old name: renaming the key would forget every device's saved choice.
  key: 'home-view',
  version: 1,
  parse: (value) => (value === 'map' || value === 'list' ? value : null),
  fallback: 'map',
};

/**
 * The view the screen shows: the one a link asked for this `visit` (visit-parameters.ts), else the
 * one kept on the device. Switching during the visit is the person's own choice, and kept.
 */
export function useBathroomsView(visit: VisitOverride = NO_VISIT_OVERRIDE): [BathroomsView, (view: BathroomsView) => void] {
  const [stored, store] = useStoredState(VIEW_SETTING);
  const [switched, setSwitched] = useState<VisitOverride | null>(null);
  const set = useCallback(
    (view: BathroomsView) => {
      setSwitched(visit);
      store(view);
    },
    [store, visit],
  );
  return [switched === visit ? stored : (visit.view ?? stored), set];
}

/**
 * The view /bathrooms will open in, read before anything renders (main.tsx starts fetching the map's
 * code by it): a link's (`search`, the address's query) or the one kept on the device.
 */
export function openingBathroomsView(search: string): BathroomsView {
  const { kind, key, version, parse, fallback } = VIEW_SETTING;
  return parseVisitParameters(search).view ?? readStored(kind, key, version, parse) ?? fallback;
}
