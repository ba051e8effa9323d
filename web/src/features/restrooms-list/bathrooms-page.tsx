import { Spinner } from '../../components/spinner';
import { MapPinIcon } from '../../components/icons';
import { useClientConfig } from '../../hooks/use-client-config';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSyncStatus } from '../../hooks/use-sync-status';
import { useServices } from '../../lib/services';
import { RestroomList } from './restroom-list';
import { useListOrigin } from './use-list-origin';
import { useRestroomList } from './use-restroom-list';

/** /bathrooms: the list of restrooms nearest first, straight from the device's mirror. */
export function BathroomsPage() {
  useDocumentTitle('Find a bathroom');
  const { origin, fromPosition, canAskPosition, askPosition } = useListOrigin();
  const restrooms = useRestroomList(origin);
  const { region } = useClientConfig();
  const { lastSyncedAt } = useSyncStatus();

  return (
    <section className="page bathrooms-page">
      <div className="bathrooms-page__intro">
        <h1>Find a bathroom</h1>
        <p className="bathrooms-page__origin">
          {fromPosition ? 'Closest to you first.' : `Closest to downtown ${region.name} first.`}
        </p>
        {/* Said only once a pull has completed, so the number is the whole set, ready for offline use. */}
        {lastSyncedAt !== null && restrooms !== undefined && restrooms.length > 0 && (
          <p className="bathrooms-page__saved">
            {restrooms.length === 1 ? '1 restroom' : `${restrooms.length} restrooms`} saved on this device
          </p>
        )}
        {canAskPosition && (
          <button type="button" className="button button--secondary button--small" onClick={askPosition}>
            <MapPinIcon size={20} />
            Use my location
          </button>
        )}
      </div>
      {restrooms === undefined ? null : restrooms.length > 0 ? (
        <RestroomList restrooms={restrooms} directionsFrom={fromPosition ? origin : null} />
      ) : (
        <EmptyMirror />
      )}
    </section>
  );
}

/** Nothing saved on this device yet: either the first download is running, it failed, or there is nothing. */
function EmptyMirror() {
  const status = useSyncStatus();
  const { sync } = useServices();
  const neverSynced = status.lastSyncedAt === null;

  if (neverSynced && (status.state === 'offline' || status.state === 'error')) {
    return (
      <div className="notice notice--problem" role="alert">
        <h2>Couldn't load restrooms</h2>
        <p>
          {status.state === 'offline'
            ? "You seem to be offline, and no restrooms are saved on this device yet. Once you're connected, they'll download and stay available offline."
            : 'The server did not answer as expected. Please try again in a moment.'}
        </p>
        <button type="button" className="button button--primary" onClick={() => void sync.pull()}>
          Try again
        </button>
      </div>
    );
  }
  if (neverSynced || status.state === 'syncing') return <Spinner label="Loading restrooms…" />;
  return (
    <div className="notice">
      <h2>No restrooms yet</h2>
      <p>There are no restrooms listed here yet.</p>
    </div>
  );
}
