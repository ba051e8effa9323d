import { CloudOffIcon } from '@/components/icons';
import { useSyncStatus } from '@/hooks/use-sync-status';
import { useT } from '@/lib/i18n/use-t';

/**
 * A quiet line under the top bar, only when something is worth knowing. It is a polite live region,
 * so a screen reader hears "Offline" once instead of every background refresh.
 */
export function SyncStatusBar() {
  const { state } = useSyncStatus();
  const t = useT();
  const text = state === 'offline' ? t('syncStatus.offline') : state === 'error' ? t('syncStatus.failed') : '';
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
