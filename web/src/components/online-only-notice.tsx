import { useDeviceOnline } from '../hooks/use-device-online';
import { ONLINE_ONLY_MESSAGE } from '../lib/admin-calls';

/** Shown at the top of a page whose tools all need the server, while the device is offline. */
export function OnlineOnlyNotice() {
  const online = useDeviceOnline();
  if (online) return null;
  return (
    <p className="notice notice--problem" role="status">
      {ONLINE_ONLY_MESSAGE}
    </p>
  );
}
