import { useT } from '@/lib/i18n/use-t';

/**
 * What a screen reader hears of a download: a polite line every tenth of the way, not every piece
 * (the visible figures change several times a second). Its words change only at a new tenth, so that
 * is all the live region says.
 */
export function ProgressAnnouncer({ percent, paused }: { percent: number; paused: boolean }) {
  const t = useT();
  const tenth = Math.min(100, Math.floor(percent / 10) * 10);
  return (
    <p className="sr-only" role="status">
      {paused ? '' : t('mapPack.announce', { percent: tenth })}
    </p>
  );
}
