import { hoursOpenState, type WeeklyHours } from '@allstall/shared';
import { useClientConfig } from '../hooks/use-client-config';
import { useNow } from '../hooks/use-now';

/** 'Open Now' or 'Closed' on the region's clocks, refreshed with the shared minute tick; nothing when unknown. */
export function OpenBadge({ hours }: { hours: WeeklyHours }) {
  const now = useNow();
  const { region } = useClientConfig();
  const state = hoursOpenState(hours, now, region.timeZone);
  if (state === null) return null;
  return (
    <span className={`open-badge open-badge--${state}`} data-open-state={state}>
      {state === 'open' ? 'Open Now' : 'Closed'}
    </span>
  );
}
