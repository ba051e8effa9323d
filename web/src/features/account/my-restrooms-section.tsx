import { useId } from 'react';
import { Link } from 'react-router-dom';
import { QueuedBadge } from '@/components/queued-badge';
import { MY_RESTROOM_STATUS_WORDS } from './my-restrooms';
import { useMyRestrooms } from './use-my-restrooms';
import { restroomPath } from '@/lib/links/app-paths';
import { useT } from '@/lib/i18n/use-t';

/**
 * 'Bathrooms you added' on the profile: each with where it stands, so a pending one is not taken
 * for lost. Only a published one links to its page; the others are not public. Shown once there is one.
 */
export function MyRestroomsSection({ userId }: { userId: string }) {
  const id = useId();
  const t = useT();
  const restrooms = useMyRestrooms(userId);
  if (!restrooms || restrooms.length === 0) return null;
  return (
    <section className="my-restrooms" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('writes.myRestrooms.title')}</h2>
      <ul className="state-list" aria-labelledby={`${id}-title`}>
        {restrooms.map((restroom) => (
          <li key={restroom.id} className={`state-card my-restrooms__item my-restrooms__item--${restroom.status}`}>
            <p className="my-restrooms__name">
              {restroom.status === 'approved' ? <Link to={restroomPath(restroom.id)}>{restroom.name}</Link> : restroom.name}
            </p>
            {restroom.address && <p className="my-restrooms__address">{restroom.address}</p>}
            <p className="my-restrooms__status">
              {t(MY_RESTROOM_STATUS_WORDS[restroom.status])}
              {restroom.queued && <QueuedBadge status={restroom.queued} />}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
