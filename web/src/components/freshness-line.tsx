import { confirmedText } from '@allstall/shared';
import { useNow } from '../hooks/use-now';

interface FreshnessLineProps {
  lastConfirmedAt: string | null;
  /** The region's time zone, from the screen's one read of the client config (a list has hundreds of cards). */
  timeZone: string;
  className?: string;
}

/** 'Confirmed by a visitor 3 days ago', counted in the region's calendar days; nothing before a first visit. */
export function FreshnessLine({ lastConfirmedAt, timeZone, className }: FreshnessLineProps) {
  const now = useNow();
  const text = confirmedText(lastConfirmedAt, now, timeZone);
  if (text === null) return null;
  return <p className={className ? `freshness ${className}` : 'freshness'}>{text}</p>;
}
