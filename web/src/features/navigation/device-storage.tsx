import { useEffect, useState } from 'react';
import { useIntlLocale, useT } from '@/lib/i18n/use-t';
import { storageSizeText } from '@/lib/settings/storage-size-text';

/*
 * The drawer's line on what this device holds: how much the site has saved (the restrooms, the map
 * tiles kept, the app itself) and whether the browser keeps it or may clear it when space runs low
 * (docs/offline-data.md#kept-on-the-device). The page asks to keep it once the restrooms are saved
 * (lib/settings/keep-data.ts); this only reads what the browser decided. No StorageManager: no line.
 */

/** The part of the browser's StorageManager this reads. */
interface EstimatingStorage {
  estimate?: () => Promise<{ usage?: number }>;
  persisted?: () => Promise<boolean>;
}

interface Held {
  bytes: number;
  kept: boolean;
}

async function readHeld(storage: EstimatingStorage | undefined): Promise<Held | null> {
  if (typeof storage?.estimate !== 'function') return null;
  const [estimate, kept] = await Promise.all([storage.estimate(), typeof storage.persisted === 'function' ? storage.persisted() : false]);
  return typeof estimate.usage === 'number' ? { bytes: estimate.usage, kept } : null;
}

/** Running as the installed app: installing again is no advice to give. */
const installed = () => typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;

/** Read afresh each time the drawer opens, so it follows the sync and the browser's answer. */
export function DeviceStorage({ open }: { open: boolean }) {
  const t = useT();
  const intlLocale = useIntlLocale();
  const [held, setHeld] = useState<Held | null>(null);
  useEffect(() => {
    if (!open) return;
    let current = true;
    readHeld(typeof navigator === 'undefined' ? undefined : navigator.storage).then(
      (read) => current && setHeld(read),
      // A browser that cannot say: the line stays away rather than guess.
      () => current && setHeld(null),
    );
    return () => {
      current = false;
    };
  }, [open]);
  if (held === null) return null;
  const size = storageSizeText(held.bytes, intlLocale);
  return (
    <p className="device-storage">
      {held.kept ? t('settings.storageKept', { size }) : t('settings.storageMayBeCleared', { size })}
      {!held.kept && !installed() && (
        <>
          {/* A space for whoever reads the text whole; on screen the hint has a line of its own. */}{' '}
          <span className="device-storage__hint">{t('settings.storageInstallHint')}</span>
        </>
      )}
    </p>
  );
}
