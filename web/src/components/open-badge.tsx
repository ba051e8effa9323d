import { hoursOpenState, restroomTimeZone, type WeeklyHours } from '@allstall/shared';
import { useClientConfig } from '../hooks/use-client-config';
import { useNow } from '../hooks/use-now';
import { useT } from '../lib/i18n/use-t';

/**
 * 'Open Now' or 'Closed' on the restroom's own clock (`timeZone`, else the region's), refreshed with
 * the shared minute tick; nothing when unknown.
 */
export function OpenBadge({ hours, timeZone }: { hours: WeeklyHours; timeZone: string | null | undefined }) {
  const t = useT();
  const now = useNow();
  const { region } = useClientConfig();
  const state = hoursOpenState(hours, now, restroomTimeZone(timeZone, region.timeZone));
  if (state === null) return null;
  return (
    <span className={`open-badge open-badge--${state}`} data-open-state={state}>
      {t(state === 'open' ? 'open.now' : 'open.closed')}
    </span>
  );
}
