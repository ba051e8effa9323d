import { confirmedText, isUnconfirmedOverAYear, UNCONFIRMED_TEXT } from '@allstall/shared';
import { useNow } from '../hooks/use-now';

interface FreshnessLineProps {
  lastConfirmedAt: string | null;
  /** When the listing last changed: with no confirmation in over a year, a recent change still counts as fresh. */
  updatedAt: string;
  /** The region's time zone, from the screen's one read of the client config (a list has hundreds of cards). */
  timeZone: string;
  className?: string;
}

/**
 * 'Confirmed by a visitor 3 days ago', counted in the region's calendar days; nothing before a first
 * visit. A listing neither confirmed nor changed for over a year says 'Unconfirmed for over a year'
 * instead (docs/product-rules.md#fresh-or-stale): it may be gone or different.
 */
export function FreshnessLine({ lastConfirmedAt, updatedAt, timeZone, className }: FreshnessLineProps) {
  const now = useNow();
  const stale = isUnconfirmedOverAYear({ last_confirmed_at: lastConfirmedAt, updated_at: updatedAt }, now);
  const text = stale ? UNCONFIRMED_TEXT : confirmedText(lastConfirmedAt, now, timeZone);
  if (text === null) return null;
  const classes = ['freshness', stale ? 'freshness--stale' : null, className ?? null].filter(Boolean).join(' ');
  return <p className={classes}>{text}</p>;
}
