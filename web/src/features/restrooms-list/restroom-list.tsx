import { useState } from 'react';
import type { LatLng } from '@allstall/shared';
import { useClientConfig } from '@/hooks/use-client-config';
import type { NearestList } from './nearest-list';
import { RestroomCard } from '@/components/restroom-card';
import { Spinner } from '@/components/spinner';
import { useT, type Translate } from '@/lib/i18n/use-t';

export const LIST_PAGE_SIZE = 25;

/** Renders a page at a time: hundreds of cards at once make a budget phone stutter while scrolling. */
interface RestroomListProps {
  restrooms: NearestList;
  /** The person's own position, or null: directions then start wherever the maps app finds them. */
  directionsFrom: LatLng | null;
}

export function RestroomList({ restrooms, directionsFrom }: RestroomListProps) {
  const t = useT();
  const [shown, setShown] = useState(LIST_PAGE_SIZE);
  const { region } = useClientConfig();
  const visible = restrooms.first(shown);
  const remaining = restrooms.length - visible.length;
  // A cold start reads the nearest rows a moment after their positions.
  if (visible.length === 0 && restrooms.length > 0) return <Spinner label={t('list.loading')} />;

  return (
    <div className="restroom-list">
      <ul aria-label={t('list.items')} className="restroom-list__items">
        {visible.map((restroom) => (
          <li key={restroom.id}>
            <RestroomCard restroom={restroom} directionsFrom={directionsFrom} timeZone={region.timeZone} units={region.units} />
          </li>
        ))}
      </ul>
      <p className="restroom-list__count">{countLine(t, visible.length, restrooms)}</p>
      {remaining > 0 && (
        <button
          type="button"
          className="button button--secondary restroom-list__more"
          onClick={() => setShown((n) => n + LIST_PAGE_SIZE * 2)}
        >
          {t('list.showMore')}
        </button>
      )}
    </div>
  );
}

/** "Showing 20 of 45", and with 'Include unknown' letting some in, "Showing 20 of 45 · 12 unknown". */
function countLine(t: Translate, shown: number, restrooms: NearestList): string {
  const { length: total, unknownCount: unknown } = restrooms;
  return unknown > 0 ? t('list.showingCountUnknown', { shown, total, unknown }) : t('list.showingCount', { shown, total });
}
