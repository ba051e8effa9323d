import { Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { lazyWithRetry } from '@/lib/device/import-with-retry';
import { loadRestroomMap, type RestroomMapProps } from '../restrooms-map';
import { addRestroomPath } from '@/lib/links/app-paths';
import { loadMessagePart } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

// Leaflet is its own chunk: the list, search and filters never wait for it (a spinner meanwhile, docs/product-rules.md#map).
// Its words are beyond the first screen's, so they arrive with it (docs/i18n.md#parts).
const loadMapAndWords = () => Promise.all([loadRestroomMap(), loadMessagePart('more')]).then(([module]) => module.default);
const RestroomMap = lazyWithRetry(loadMapAndWords, MapUnavailable, 'map');

/**
 * Starts fetching the map's code and words at once, for a start that will open on the map: they
 * then come alongside the app's data instead of after the first render asks for them. A failure
 * here is left to the map's own load, which tries again and says so.
 */
export function startLoadingMap(): void {
  loadMapAndWords().catch(() => undefined);
}

/** The map view, with "Add a bathroom here" leading to the add screen with the spot chosen. */
export function BathroomsMap(props: Omit<RestroomMapProps, 'onAddHere'>) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Suspense fallback={<Spinner label={t('map.loading')} />}>
      <RestroomMap {...props} onAddHere={(spot) => navigate(addRestroomPath, { state: { spot } })} />
    </Suspense>
  );
}

/** Said instead of a crash when the map code cannot be fetched (an update mid-way, no signal). */
function MapUnavailable() {
  const t = useT();
  return (
    <div className="notice notice--problem" role="alert">
      <h2>{t('map.failedTitle')}</h2>
      <p>{t('map.failedBody')}</p>
    </div>
  );
}
