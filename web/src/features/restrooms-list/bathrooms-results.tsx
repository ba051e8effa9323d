import { Spinner } from '@/components/spinner';
import { useSyncStatus } from '@/hooks/use-sync-status';
import { useServices } from '@/lib/services';
import type { MapOrigin } from '../restrooms-map';
import { BathroomsMap } from './bathrooms-map';
import type { NearestList } from './nearest-list';
import { RestroomList } from './restroom-list';
import type { BathroomsView } from './use-bathrooms-view';
import type { ListOrigin } from './use-list-origin';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

interface BathroomsResultsProps {
  view: BathroomsView;
  /** Every visible restroom, nearest first; undefined while the mirror answers. */
  restrooms: NearestList | undefined;
  /** The same after the filters. */
  shown: NearestList | undefined;
  place: Pick<ListOrigin, 'searched' | 'position'>;
  onClearFilters: () => void;
}

/**
 * The list or the map of what the filters leave, or why there is nothing to show. Over the map, the
 * page says that nothing matches among its controls (NoMatch), where the phone's floating ones leave it room.
 */
export function BathroomsResults({ view, restrooms, shown, place, onClearFilters }: BathroomsResultsProps) {
  if (restrooms === undefined || shown === undefined) return null;
  if (restrooms.length === 0) return <EmptyMirror />;
  if (view === 'list') {
    return shown.length === 0 ? <NoMatch onClearFilters={onClearFilters} /> : <RestroomList restrooms={shown} directionsFrom={place.position} />;
  }
  return (
    <div className="bathrooms-results--map">
      <BathroomsMap restrooms={shown} origin={mapOrigin(place)} directionsFrom={place.position} />
    </div>
  );
}

/** The filters leave nothing: said, with the way out. */
export function NoMatch({ onClearFilters }: { onClearFilters: () => void }) {
  const t = useT();
  return (
    <div className="notice bathrooms-page__no-match" role="status">
      <p>{t('list.noMatch')}</p>
      <button type="button" className="button button--primary button--small" onClick={onClearFilters}>
        {t('list.clearFilters')}
      </button>
    </div>
  );
}

/** The map marks a searched address, or else the person's position; downtown gets no marker. */
function mapOrigin({ searched, position }: BathroomsResultsProps['place']): MapOrigin | null {
  if (searched) return { position: searched.position, label: searched.label };
  return position ? { position, label: translate('list.yourLocation') } : null;
}

/** Nothing saved on this device yet: either the first download is running, it failed, or there is nothing. */
function EmptyMirror() {
  const t = useT();
  const status = useSyncStatus();
  const { sync } = useServices();
  const neverSynced = status.lastSyncedAt === null;

  if (neverSynced && (status.state === 'offline' || status.state === 'error')) {
    return (
      <div className="notice notice--problem" role="alert">
        <h2>{t('list.loadFailed')}</h2>
        <p>
          {t(status.state === 'offline' ? 'list.loadFailedOffline' : 'list.loadFailedServer')}
        </p>
        <button type="button" className="button button--primary" onClick={() => void sync.pull()}>
          {t('list.tryAgain')}
        </button>
      </div>
    );
  }
  if (neverSynced || status.state === 'syncing') return <Spinner label={t('list.loading')} />;
  return (
    <div className="notice">
      <h2>{t('list.emptyTitle')}</h2>
      <p>{t('list.emptyBody')}</p>
    </div>
  );
}
