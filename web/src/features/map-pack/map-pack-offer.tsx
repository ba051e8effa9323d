import { useState } from 'react';
import { useT } from '@/lib/i18n/use-t';
import { readStored, writeStored } from '@/lib/settings/stored-settings';
import { MapPackState } from './map-pack-controls';
import { useMapPack } from './use-map-pack';

/*
 * The map's one offer of the pack (docs/map-pack.md#on-the-device): shown over the map while the
 * deployment has a pack and none is saved, until the person saves it or says "Not now". Once
 * answered it stays away for good on this device; the drawer keeps the controls.
 */

const ANSWERED_KEY = 'mapPackOffer';
const ANSWERED_VERSION = 1;

const answered = () => readStored('local', ANSWERED_KEY, ANSWERED_VERSION, (value) => (value === true ? true : null)) === true;

export default function MapPackOffer() {
  const t = useT();
  const used = useMapPack();
  const [dismissed, setDismissed] = useState(answered);
  // Still offered while a download started here runs, so its progress shows where it began.
  const [started, setStarted] = useState(false);
  if (used === null || used.state.reading) return null;
  const { state } = used;
  if (!started && (dismissed || state.saved !== null || state.download.status !== 'idle')) return null;
  if (started && state.saved?.version === used.pack.version) return null;
  const answer = () => writeStored('local', ANSWERED_KEY, ANSWERED_VERSION, true);
  return (
    <aside className="map-pack-offer" aria-label={t('mapPack.heading')}>
      <MapPackState
        used={used}
        compact
        onSave={() => {
          answer();
          setStarted(true);
        }}
      />
      <button
        type="button"
        className="button button--quiet button--small map-pack-offer__close"
        onClick={() => {
          answer();
          setDismissed(true);
          setStarted(false);
        }}
      >
        {started ? t('mapPack.hide') : t('mapPack.notNow')}
      </button>
    </aside>
  );
}
