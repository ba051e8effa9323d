import { isUnconfirmedOverAYear, relativeDays, relativeDaysText } from '@allstall/shared';
import { useNow } from '../hooks/use-now';
import { useIntlLocale, useT, type Translate } from '../lib/i18n/use-t';

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
  const t = useT();
  const locale = useIntlLocale();
  const now = useNow();
  const stale = isUnconfirmedOverAYear({ last_confirmed_at: lastConfirmedAt, updated_at: updatedAt }, now);
  const text = stale ? t('freshness.unconfirmed') : confirmedText(t, locale, lastConfirmedAt, now, timeZone);
  if (text === null) return null;
  const classes = ['freshness', stale ? 'freshness--stale' : null, className ?? null].filter(Boolean).join(' ');
  return <p className={classes}>{text}</p>;
}

/** 'Confirmed by a visitor 3 days ago' in the active language; null before a first visit or for an unreadable date. */
function confirmedText(t: Translate, locale: string, lastConfirmedAt: string | null, now: Date, timeZone: string): string | null {
  if (lastConfirmedAt === null) return null;
  const ago = relativeDays(lastConfirmedAt, now, timeZone);
  if (ago === null) return null;
  // Intl has no "over a year ago"; the catalog says it.
  if (ago.unit === 'year') return t('freshness.confirmedOverAYear');
  return t('freshness.confirmed', { ago: relativeDaysText(lastConfirmedAt, now, timeZone, locale) });
}
