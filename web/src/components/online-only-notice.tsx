import { useDeviceOnline } from '../hooks/use-device-online';
import { useT } from '../lib/i18n/use-t';

/** Shown at the top of a page whose tools all need the server, while the device is offline. */
export function OnlineOnlyNotice() {
  const t = useT();
  const online = useDeviceOnline();
  if (online) return null;
  return (
    <p className="notice notice--problem" role="status">
      {t('writes.onlineOnly')}
    </p>
  );
}
