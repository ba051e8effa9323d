import { Link, useNavigate, useParams } from 'react-router-dom';
import { addressLine, dateFormatShortUs, distanceText, restroomDistanceMiles, type Comment, type Restroom } from '@allstall/shared';
import { AmenityLines } from '@/components/amenities';
import { DirectionsLink } from '@/components/directions-link';
import { FreshnessLine } from '@/components/freshness-line';
import { HoursPanel } from '@/components/hours-panel';
import { ArrowLeftIcon, MapPinIcon } from '@/components/icons';
import { OpenBadge } from '@/components/open-badge';
import { Spinner } from '@/components/spinner';
import { VoteCounts } from '@/components/vote-counts';
import { WalkingTime } from '@/components/walking-time';
import { useClientConfig } from '@/hooks/use-client-config';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useGrantedPosition } from '@/hooks/use-granted-position';
import { useSyncStatus } from '@/hooks/use-sync-status';
import { mapSearchUrl } from '@/lib/links/maps-search-links';
import { useMapsApp } from '@/hooks/use-maps-app';
import { withQueuedVote } from '@/lib/outbox/queued-writes';
import { useStandingVotes } from '@/hooks/use-standing-votes';
import { CommentsSection } from './comments-section';
import { RestroomActions, useRestroomDialogs } from './restroom-actions';
import { RestroomSpotMap } from './restroom-spot-map';
import { ShareRestroom } from './share-restroom';
import { SourceCredit } from './source-credit';
import { StillThere } from './still-there';
import { useQueuedForRestroom } from './use-queued-for-restroom';
import { useRestroomDetail } from './use-restroom-detail';
import { bathroomsPath } from '@/lib/links/app-paths';
import { useIntlLocale, useT } from '@/lib/i18n/use-t';

/** /bathrooms/:id — everything about one restroom, from the device's mirror. */
export function RestroomDetailPage() {
  const t = useT();
  const { id = '' } = useParams();
  const state = useRestroomDetail(id);
  const sync = useSyncStatus();
  // On a first visit straight to a shared link the mirror is still filling and the api's answer shows
  // the restroom meanwhile; "not found" would be premature until the api has said so or the sync is
  // over. Offline, the sync stops at once, so this never spins for ever.
  const firstSyncRunning = sync.lastSyncedAt === null && (sync.state === 'syncing' || sync.state === 'idle');
  const waiting = state.kind === 'loading' || (state.kind === 'missing' && state.server !== 'missing' && firstSyncRunning);
  useDocumentTitle(state.kind === 'found' ? state.restroom.name : state.kind === 'missing' && !waiting ? t('detail.notFoundTitle') : '');

  if (waiting) return <Spinner label={t('detail.loading')} />;
  if (state.kind === 'missing') {
    const notSavedYet = sync.lastSyncedAt === null && state.server !== 'missing';
    return (
      <section className="page page--narrow">
        <h1>{t('detail.notFoundHeading')}</h1>
        <p>
          {t(notSavedYet ? 'detail.notSavedYet' : 'detail.maybeRemoved')}
        </p>
        <p>
          <Link className="button button--primary" to={bathroomsPath}>
            {t('detail.backToAll')}
          </Link>
        </p>
      </section>
    );
  }
  return <RestroomDetail restroom={state.restroom} comments={state.comments} />;
}

function RestroomDetail({ restroom, comments }: { restroom: Restroom; comments: Comment[] }) {
  const t = useT();
  const locale = useIntlLocale();
  const navigate = useNavigate();
  const { region } = useClientConfig();
  const { position } = useGrantedPosition();
  const mapsApp = useMapsApp();
  const { user, known } = useCurrentUser();
  const queued = useQueuedForRestroom(restroom.id, user?.id ?? null);
  const dialogs = useRestroomDialogs(user);
  const standingVotes = useStandingVotes(user?.id);
  const counts = withQueuedVote(restroom, queued.vote, standingVotes[restroom.id]);
  const shownComments = comments.filter((comment) => !queued.hiddenCommentIds.has(comment.id));
  const distance =
    position && restroom.latitude !== null && restroom.longitude !== null
      ? restroomDistanceMiles(position, { lat: restroom.latitude, lng: restroom.longitude })
      : null;

  const goBack = () => {
    // Arriving from a shared link there is no in-app history to return to.
    if (window.history.state && typeof window.history.state.idx === 'number' && window.history.state.idx > 0) navigate(-1);
    else navigate(bathroomsPath);
  };

  return (
    <article className="page page--narrow restroom-detail" aria-labelledby="restroom-detail-name">
      <div className="restroom-detail__top">
        <button type="button" className="button button--quiet button--small" onClick={goBack}>
          <ArrowLeftIcon size={20} />
          {t('detail.back')}
        </button>
        <p className="restroom-detail__updated">{t('card.updated', { date: dateFormatShortUs(restroom.updated_at, region.timeZone, locale) })}</p>
      </div>

      <h1 id="restroom-detail-name">{restroom.name}</h1>
      <p className="restroom-detail__address">
        {addressLine(restroom, region)}
      </p>
      <div className="restroom-detail__glance">
        {distance !== null && (
          <span className="distance-walk">
            <span className="distance">{t('detail.away', { distance: distanceText(distance, region.units, locale) })}</span> <WalkingTime miles={distance} />
          </span>
        )}
        <OpenBadge hours={restroom.hours} timeZone={restroom.time_zone} />
      </div>
      <FreshnessLine lastConfirmedAt={restroom.last_confirmed_at} updatedAt={restroom.updated_at} timeZone={region.timeZone} className="restroom-detail__freshness" />

      <RestroomSpotMap restroom={restroom} />

      <div className="restroom-detail__links">
        <a className="button button--secondary" href={mapSearchUrl(restroom, mapsApp)} target="_blank" rel="noopener noreferrer">
          <MapPinIcon size={20} />
          {t('detail.openInMaps')}
        </a>
        <DirectionsLink place={restroom} from={position} className="button button--primary" />
        <ShareRestroom restroom={restroom} />
      </div>

      <VoteCounts upvotes={counts.upvotes} downvotes={counts.downvotes} />
      {/* 'Know this? Tell us' waits, like the actions, until the device knows who is signed in. */}
      <AmenityLines restroom={restroom} onTellUs={known ? (field) => dialogs.suggest(field) : undefined} />
      <HoursPanel hours={restroom.hours} timeZone={restroom.time_zone} />
      <SourceCredit source={restroom.source} />
      <RestroomActions restroom={restroom} known={known} dialogs={dialogs} />
      <StillThere restroom={restroom} user={user} known={known} />
      <CommentsSection comments={shownComments} queued={queued.comments} timeZone={region.timeZone} />
    </article>
  );
}
