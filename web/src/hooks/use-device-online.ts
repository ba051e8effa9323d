import { useSyncExternalStore } from 'react';
import { deviceIsOffline } from '../lib/device/device-offline';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const online = () => !deviceIsOffline();

/** Whether the browser says there is a connection, following it as it comes and goes. */
export function useDeviceOnline(): boolean {
  return useSyncExternalStore(subscribe, online, () => true);
}
