import { CloudOffIcon } from '../../components/icons';
import { useSyncStatus } from '../../hooks/use-sync-status';

/**
 * A quiet line under the top bar, only when something is worth knowing. It is a polite live region,
 * so a screen reader hears "Offline" once instead of every background refresh.
 */
export function SyncStatusBar() {
  const { state } = useSyncStatus();
  const text =
    state === 'offline'
      ? 'Offline — showing restrooms saved on this device'
      : state === 'error'
        ? "Couldn't refresh — showing restrooms saved on this device"
        : '';
  return (
    <div className={`sync-status${text ? ' is-visible' : ''}`} role="status" data-sync-state={state}>
      {text && (
        <>
          <CloudOffIcon size={18} />
          <span>{text}</span>
        </>
      )}
    </div>
  );
}
