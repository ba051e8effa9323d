import { confirmedText } from '@allstall/shared';
import { useClientConfig } from '../hooks/use-client-config';
import { useNow } from '../hooks/use-now';

/** 'Confirmed by a visitor 3 days ago', counted in the region's calendar days; nothing before a first visit. */
export function FreshnessLine({ lastConfirmedAt, className }: { lastConfirmedAt: string | null; className?: string }) {
  const now = useNow();
  const { region } = useClientConfig();
  const text = confirmedText(lastConfirmedAt, now, region.timeZone);
  if (text === null) return null;
  return <p className={className ? `freshness ${className}` : 'freshness'}>{text}</p>;
}
