import { memo, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { dateFormatShortUs, distanceText, type DistanceUnits, type LatLng } from '@allstall/shared';
import { AccessWords, AmenityGlance, AmenityIcons, FeeWords, NotGenderNeutral } from './amenities';
import { DirectionsLink } from './directions-link';
import { FreshnessLine } from './freshness-line';
import { HoursPanel } from './hours-panel';
import { ChevronDownIcon } from './icons';
import { OpenBadge } from './open-badge';
import { VoteCounts } from './vote-counts';
import { WalkingTime } from './walking-time';
import type { ListedRestroom } from '../lib/restrooms/listed-restroom';
import { restroomPath } from '../lib/links/app-paths';
import { useIntlLocale, useT } from '../lib/i18n/use-t';

interface RestroomCardProps {
  restroom: ListedRestroom;
  /**
   * Where directions start. Only a real position: starting from the region's default point would
   * route someone from downtown when they are standing somewhere else.
   */
  directionsFrom: LatLng | null;
  timeZone: string;
  /** Miles or kilometres, from the screen's one read of the client config, as the time zone is. */
  units: DistanceUnits;
  /**
   * 'list': one row among many, collapsed at first. 'map': the marker's info window, opened on
   * purpose to see the details, so it starts expanded with its amenities as labelled icons.
   */
  layout?: 'list' | 'map';
}

/**
 * Collapsed, a list row answers "where, how far, is it open, and is it right for me": the name and
 * street take the row's whole width (only the arrow beside them), then one line with the distance,
 * open or closed and until when, and the amenities' icons, then a short line of what stands out:
 * 'Not gender-neutral', who may use it and whether it is free when known, how fresh it is. An
 * unknown 'who may use it' or fee waits in the expanded card with the other details
 * (docs/product-rules.md#cards). The map's info
 * window starts expanded and keeps its amenities with the details.
 */
export const RestroomCard = memo(function RestroomCard({ restroom, directionsFrom, timeZone, units, layout = 'list' }: RestroomCardProps) {
  const t = useT();
  const locale = useIntlLocale();
  const [expanded, setExpanded] = useState(layout === 'map');
  const headingId = useId();
  const bodyId = useId();
  const toggle = () => setExpanded((value) => !value);
  const accessKnown = restroom.access !== null && restroom.access !== undefined;
  const feeKnown = restroom.fee !== null && restroom.fee !== undefined;

  return (
    <article className={`restroom-card restroom-card--${layout}${expanded ? ' is-expanded' : ''}`} aria-labelledby={headingId}>
      {/* The whole header toggles for thumbs; the arrow button is the keyboard and screen-reader control. */}
      <div className="restroom-card__header" onClick={toggle}>
        <div className="restroom-card__title">
          <h2 id={headingId}>{restroom.name}</h2>
          <p className="restroom-card__street">{restroom.street}</p>
        </div>
        <button
          type="button"
          className="icon-button restroom-card__toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={t('card.detailsFor', { name: restroom.name })}
          onClick={(event) => {
            event.stopPropagation();
            toggle();
          }}
        >
          <ChevronDownIcon />
        </button>
        <div className="restroom-card__glance">
          {restroom.distance !== null && (
            <span className="distance-walk">
              <span className="distance">{distanceText(restroom.distance, units, locale)}</span> <WalkingTime miles={restroom.distance} />
            </span>
          )}
          {/* Small icons on a list row, always just after the distance so the eye finds them in the same place;
              the map window shows them large with the details. */}
          {layout === 'list' && <AmenityGlance restroom={restroom} />}
          <OpenBadge hours={restroom.hours} timeZone={restroom.time_zone} />
        </div>
        <div className="restroom-card__meta">
          <NotGenderNeutral unisex={restroom.unisex} className="restroom-card__not-neutral" />
          {accessKnown && <AccessWords access={restroom.access} className="restroom-card__access" />}
          {feeKnown && <FeeWords fee={restroom.fee} className="restroom-card__fee" />}
          <FreshnessLine lastConfirmedAt={restroom.last_confirmed_at} updatedAt={restroom.updated_at} timeZone={timeZone} className="restroom-card__freshness" />
        </div>
      </div>
      <div id={bodyId} className="restroom-card__body">
        {expanded && (
          <>
            <div className="restroom-card__facts">
              {layout === 'map' && <AmenityIcons restroom={restroom} />}
              <VoteCounts upvotes={restroom.upvotes} downvotes={restroom.downvotes} />
            </div>
            {/* Said quietly, among the details: most listings never say, and that is no warning. */}
            {!accessKnown && <AccessWords access={restroom.access} className="restroom-card__access-unknown" />}
            {!feeKnown && <FeeWords fee={restroom.fee} className="restroom-card__fee-unknown" />}
            <p className="restroom-card__updated">{t('card.updated', { date: dateFormatShortUs(restroom.updated_at, timeZone, locale) })}</p>
            <HoursPanel hours={restroom.hours} timeZone={restroom.time_zone} />
            <div className="restroom-card__actions">
              <Link className="button button--primary" to={restroomPath(restroom.id)} aria-describedby={headingId}>
                {t('card.moreInfo')}
              </Link>
              <DirectionsLink place={restroom} from={directionsFrom} className="button button--secondary" />
            </div>
          </>
        )}
      </div>
    </article>
  );
});
