import { useSyncExternalStore } from 'react';
import { mapsApp, onMapsAppChosen } from '../lib/settings/maps-app';

/** The maps app Directions opens, following a new choice made in the drawer at once. */
export const useMapsApp = () => useSyncExternalStore(onMapsAppChosen, mapsApp);
