import { dateFormatShortUs } from '@allstall/shared';
import { Spinner } from '../../../components/spinner';
import { WRITE_ALERTS } from '../../../components/write-alerts';
import { useClientConfig } from '../../../hooks/use-client-config';
import type { AdminQueue } from './use-admin-queue';

const { title: OH_NO, text: TRY_LATER } = WRITE_ALERTS.somethingWentWrong;

interface AdminListStatusProps {
  queue: Pick<AdminQueue<unknown>, 'rows' | 'fetchedAt' | 'state' | 'refresh'>;
  /** What the list holds, for the loading line: "messages", "users". */
  noun: string;
}

/**
 * The line above an admin list that says where its rows come from: still loading, the copy kept on
 * this device while offline, or 'Oh no!' when the server would not give it
 * (docs/product-rules.md#exact-wording), with a way to try again. Nothing while the list is fresh.
 */
export function AdminListStatus({ queue, noun }: AdminListStatusProps) {
  const { region } = useClientConfig();
  const { rows, fetchedAt, state } = queue;
  if (state === 'loading') return rows === undefined ? <Spinner label={`Loading ${noun}…`} /> : null;
  if (state === 'offline') {
    return (
      <p className="admin-queue-line" role="status">
        {rows === undefined || fetchedAt === null
          ? `You're offline, and no ${noun} are saved on this device yet. They'll load once you're connected.`
          : `You're offline. Showing the ${noun} as loaded on ${dateFormatShortUs(new Date(fetchedAt).toISOString(), region.timeZone)}.`}
      </p>
    );
  }
  if (state === 'error') {
    return (
      <div className="admin-queue-line admin-queue-line--error" role="alert">
        <p>
          <strong>{OH_NO}</strong> {TRY_LATER}
        </p>
        <button type="button" className="button button--secondary button--small" onClick={() => void queue.refresh()}>
          Try again
        </button>
      </div>
    );
  }
  return null;
}
