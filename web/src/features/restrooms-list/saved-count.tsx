import { useEffect, useRef, useState } from 'react';
import { useSyncStatus } from '@/hooks/use-sync-status';
import type { SyncProgress } from '@/lib/sync/sync-engine';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

/** While a first sync saves restrooms, the line moves at most this often: a screen reader reads each change. */
const SAVED_COUNT_EVERY_MS = 3000;

export function savedCountText(progress: SyncProgress | null, lastSyncedAt: number | null, stored: number | undefined): string | null {
  if (progress) return t('saved.progress', { saved: progress.saved, total: progress.total });
  // Said only once a pull has completed, so the number is the whole set, ready for offline use.
  if (lastSyncedAt === null || stored === undefined || stored === 0) return null;
  return t('saved.count', { n: stored });
}

/**
 * How many restrooms the device holds, or how far a first sync has got saving them. A polite status:
 * announced without interrupting, and during a first sync changed at most every few seconds.
 */
export function SavedCount({ stored, fromServer = false }: { stored: number | undefined; fromServer?: boolean }) {
  // Re-renders in a new language; savedCountText reads it when called.
  const translate = useT();
  const { progress, lastSyncedAt } = useSyncStatus();
  const text = useThrottledText(savedCountText(progress, lastSyncedAt, stored), SAVED_COUNT_EVERY_MS, progress === null);
  return (
    <>
      {/* Quiet: said once where the list starts, not announced at every change. */}
      {fromServer && <p className="bathrooms-page__from-server">{translate('saved.fromServer')}</p>}
      <p className="bathrooms-page__saved" role="status">
        {text}
      </p>
    </>
  );
}

/** `text`, but a new value shows only `everyMs` after the last one did, unless `now` says it cannot wait. */
function useThrottledText(text: string | null, everyMs: number, now: boolean): string | null {
  const [shown, setShown] = useState(text);
  // An interval, not a time of day: measured on the page's monotonic clock, beside the timer it sets.
  const shownAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (text === shown) return;
    const wait = now ? 0 : Math.max(0, shownAt.current + everyMs - performance.now());
    const timer = setTimeout(() => {
      shownAt.current = performance.now();
      setShown(text);
    }, wait);
    return () => clearTimeout(timer);
  }, [text, shown, everyMs, now]);
  return shown;
}
