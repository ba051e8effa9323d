import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { sameZonedDay, type Restroom, type User } from '@allstall/shared';
import { LoginPrompt } from '@/components/login-prompt';
import { QueuedBadge } from '@/components/queued-badge';
import { useWrite } from '@/components/use-write';
import { offlineNote } from '@/components/write-alerts';
import { useClientConfig } from '@/hooks/use-client-config';
import { useNow } from '@/hooks/use-now';
import { useOutboxRows } from '@/hooks/use-outbox-rows';
import { metaGet } from '@/lib/db/db';
import { rowIsOnItsWay } from '@/lib/outbox/queued-writes';
import { useServices } from '@/lib/services';
import { useT } from '@/lib/i18n/use-t';

interface StillThereProps {
  restroom: Restroom;
  /** The signed-in person, or null for a guest (from the detail page's useCurrentUser). */
  user: User | null;
  /** Whether the device has said who is signed in yet. */
  known: boolean;
}

/**
 * 'Still there and as described' (docs/product-rules.md#fresh-or-stale): one tap queues a
 * confirmation. Once this person has confirmed the restroom today from this device (sent, or still
 * on its way) the button gives way to the thanks, so there is never a button that would do nothing.
 * "Today" is the restroom's own calendar day, as the server counts it.
 */
export function StillThere({ restroom, user, known }: StillThereProps) {
  const t = useT();
  const { db } = useServices();
  const { region } = useClientConfig();
  const now = useNow();
  const confirmation = useWrite();
  const rows = useOutboxRows();
  const remembered = useLiveQuery(() => metaGet(db, 'myConfirmations'), [db]);
  const [asking, setAsking] = useState(false);
  const [queuedOffline, setQueuedOffline] = useState(false);

  if (!known) return null;
  const timeZone = restroom.time_zone ?? region.timeZone;
  // A confirmation still on the device counts the day it arrives, so it already answers the question.
  const waiting = user
    ? rows?.find((row) => row.kind === 'confirmation' && row.body.restroom_id === restroom.id && row.userId === user.id && rowIsOnItsWay(row))
    : undefined;
  const sentAt = user && remembered?.userId === user.id ? remembered.confirmedAt[restroom.id] : undefined;
  const confirmed = waiting !== undefined || (sentAt !== undefined && sameZonedDay(sentAt, now, timeZone));

  const confirm = async () => {
    if (!user) return setAsking(true);
    // The thanks appears in place; the device that cannot store it says 'Oops!'.
    const result = await confirmation.submit({ kind: 'confirmation', body: { restroom_id: restroom.id } }, { onGuest: () => setAsking(true) });
    if (result.kind === 'queued') setQueuedOffline(result.offline);
  };

  return (
    <div className="still-there">
      {!confirmed && (
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={confirmation.busy || undefined}
          onClick={() => {
            if (!confirmation.busy) void confirm();
          }}
        >
          {t('detail.stillThere')}
        </button>
      )}
      {/* Always present, so screen readers hear the thanks when it appears. */}
      <p role="status" className="still-there__thanks">
        {confirmed ? t('detail.stillThereThanks') : ''}
      </p>
      {confirmed && waiting && (
        <p className="still-there__waiting">
          <QueuedBadge status={waiting.status} /> {queuedOffline ? offlineNote() : null}
        </p>
      )}
      {asking && <LoginPrompt message={t('detail.loginToConfirm')} onCancel={() => setAsking(false)} />}
    </div>
  );
}
