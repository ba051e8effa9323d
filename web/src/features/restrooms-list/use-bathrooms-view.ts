import { readStored } from '../../lib/stored-settings';
import { useStoredState, type StoredSetting } from './use-stored-state';

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

export function useBathroomsView(): [BathroomsView, (view: BathroomsView) => void] {
  return useStoredState(VIEW_SETTING);
}

/** The view /bathrooms will open in, read before anything renders (main.tsx starts fetching the map's code by it). */
export function storedBathroomsView(): BathroomsView {
  const { kind, key, version, parse, fallback } = VIEW_SETTING;
  return readStored(kind, key, version, parse) ?? fallback;
}
