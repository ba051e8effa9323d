import { useDeviceOnline } from '../hooks/use-device-online';
import { ONLINE_ONLY_MESSAGE } from '../lib/admin-calls';
import { useT } from '../lib/i18n/use-t';

/** Shown at the top of a page whose tools all need the server, while the device is offline. */
export function OnlineOnlyNotice() {
  const t = useT();
  const online = useDeviceOnline();
  if (online) return null;
  return (
    <p className="notice notice--problem" role="status">
      {t(ONLINE_ONLY_MESSAGE)}
    </p>
  );
}
