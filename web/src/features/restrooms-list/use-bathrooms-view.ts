import { useStoredState, type StoredSetting } from './use-stored-state';

/** Which view /bathrooms shows; the map unless the person chose the list on this device (spec: mapView defaults to true). */
export type HomeView = 'map' | 'list';

const HOME_VIEW: StoredSetting<HomeView> = {
  kind: 'local',
  key: 'home-view',
  version: 1,
  parse: (value) => (value === 'map' || value === 'list' ? value : null),
  fallback: 'map',
};

export function useHomeView(): [HomeView, (view: HomeView) => void] {
  return useStoredState(HOME_VIEW);
}
