import { useEffect, useId, useRef, useState } from 'react';
import { useClientConfig } from '@/hooks/use-client-config';
import { useIntlLocale, useT } from '@/lib/i18n/use-t';
import type { MessageId } from '@/lib/i18n/message-id';
import { storageSizeText } from '@/lib/settings/storage-size-text';
import type { PackDownload } from './map-pack-store';
import { useMapPack, type UsedMapPack } from './use-map-pack';
import { ProgressAnnouncer } from './progress-announcer';
import '@/styles/map-pack.css';

/*
 * Saving the map of the region for offline use (docs/map-pack.md#on-the-device): the drawer's
 * section, and the map's one-time offer (map-pack-offer.tsx) with the same controls. Every state says
 * what is happening in words, and every button does something in that state.
 */

const FAILURES: Record<Extract<PackDownload, { status: 'failed' }>['reason'], MessageId> = {
  network: 'mapPack.failed',
  other: 'mapPack.failed',
  mismatch: 'mapPack.failed',
  gone: 'mapPack.gone',
  space: 'mapPack.spaceRanOut',
};

interface ControlsProps {
  used: UsedMapPack;
  /** The offer on the map names no heading of its own and leaves deleting to the drawer. */
  compact?: boolean;
  /** Told when the person starts the download here. */
  onSave?: () => void;
}

/** "5.8 MB" of "30.1 MB", as the bar, its figures and the paused line say them. */
const progressWords = (received: number, total: number, intlLocale: string) => ({
  received: storageSizeText(received, intlLocale),
  total: storageSizeText(total, intlLocale),
});

function Progress({ used, received, total, paused }: { used: UsedMapPack; received: number; total: number; paused: boolean }) {
  const t = useT();
  const intlLocale = useIntlLocale();
  const labelId = useId();
  const { region } = useClientConfig();
  const words = progressWords(received, total, intlLocale);
  const percent = total === 0 ? 100 : Math.floor((received / total) * 100);
  return (
    <div className="map-pack__progress">
      <span id={labelId} className="map-pack__label">
        {t('mapPack.progressLabel', { region: region.name })}
      </span>
      <progress aria-labelledby={labelId} max={total} value={received} aria-valuetext={t('mapPack.progress', words)} />
      <span className="map-pack__figures">{t('mapPack.progress', words)}</span>
      <ProgressAnnouncer percent={percent} paused={paused} />
      {!paused ? (
        <button type="button" className="button button--secondary button--small" onClick={() => used.store.pause()}>
          {t('mapPack.pause')}
        </button>
      ) : null}
    </div>
  );
}

function DownloadState({ used, compact, onSave }: ControlsProps) {
  const t = useT();
  const intlLocale = useIntlLocale();
  const { region } = useClientConfig();
  const { pack, store, state } = used;
  const download = state.download;
  const size = storageSizeText(pack.bytes, intlLocale);
  const saveLabel = state.saved === null ? t('mapPack.save', { region: region.name, size }) : t('mapPack.saveNew', { region: region.name, size });
  const save = (
    <button
      type="button"
      className="button button--primary map-pack__save"
      onClick={() => {
        onSave?.();
        void store.save();
      }}
    >
      {saveLabel}
    </button>
  );
  switch (download.status) {
    case 'idle':
      return save;
    case 'checking':
      return (
        <button type="button" className="button button--primary map-pack__save" disabled aria-busy="true">
          {t('mapPack.checking')}
        </button>
      );
    case 'no-space':
      return (
        <>
          <p className="map-pack__problem" role="alert">
            {t('mapPack.noSpace', { needed: storageSizeText(download.needed, intlLocale), free: storageSizeText(download.free, intlLocale) })}
          </p>
          {save}
        </>
      );
    case 'saving':
      return <Progress used={used} received={download.received} total={download.total} paused={false} />;
    case 'waiting':
    case 'paused': {
      const words = progressWords(download.received, download.total, intlLocale);
      return (
        <>
          <Progress used={used} received={download.received} total={download.total} paused />
          <p className="map-pack__note" role="status">
            {t(download.status === 'paused' ? 'mapPack.paused' : 'mapPack.waiting', words)}
          </p>
          <div className="map-pack__buttons">
            <button type="button" className="button button--primary button--small" onClick={() => void store.save()}>
              {t('mapPack.resume')}
            </button>
            {!compact && (
              <button type="button" className="button button--quiet button--small" onClick={() => void store.remove()}>
                {t('mapPack.cancel')}
              </button>
            )}
          </div>
        </>
      );
    }
    case 'busy':
      return <p className="map-pack__note">{t('mapPack.busy')}</p>;
    case 'failed':
      return (
        <>
          <p className="map-pack__problem" role="alert">
            {t(FAILURES[download.reason])}
          </p>
          {save}
        </>
      );
  }
}

export function MapPackState({ used, compact = false, onSave }: ControlsProps) {
  const t = useT();
  const intlLocale = useIntlLocale();
  const { region } = useClientConfig();
  const [heard, setHeard] = useState<'saved' | 'deleted' | null>(null);
  const { pack, store, state } = used;
  const current = state.saved !== null && state.saved.version === pack.version;
  // A download that finishes while the controls show is said aloud; a pack saved before is not news.
  const wasCurrent = useRef<boolean | null>(null);
  useEffect(() => {
    if (state.reading) return;
    if (current && wasCurrent.current === false) setHeard('saved');
    wasCurrent.current = current;
  }, [current, state.reading]);
  if (state.reading) return null;
  const savedWords = state.saved === null ? null : { region: region.name, size: storageSizeText(state.saved.bytes, intlLocale) };
  return (
    <>
      {savedWords !== null && <p className="map-pack__note">{t(current ? 'mapPack.saved' : 'mapPack.savedOlder', savedWords)}</p>}
      {!current && <DownloadState used={used} compact={compact} onSave={onSave} />}
      {state.saved !== null && !compact && (
        <button
          type="button"
          className="button button--quiet button--small map-pack__delete"
          onClick={() => {
            void store.remove().then(() => setHeard('deleted'));
          }}
        >
          {t('mapPack.delete')}
        </button>
      )}
      <p className="sr-only" role="status">
        {heard === 'deleted' && state.saved === null ? t('mapPack.deleted') : heard === 'saved' && savedWords !== null ? t('mapPack.saved', savedWords) : ''}
      </p>
    </>
  );
}

/** The drawer's section; nothing where the deployment offers no pack or the browser cannot save one. */
export default function MapPackControls() {
  const t = useT();
  const used = useMapPack();
  const headingId = useId();
  if (used === null) return null;
  return (
    <section className="map-pack" aria-labelledby={headingId}>
      <h2 id={headingId} className="map-pack__heading">
        {t('mapPack.heading')}
      </h2>
      <MapPackState used={used} />
    </section>
  );
}
