import { walkingTime } from '@allstall/shared';
import { useT, type Translate } from '../lib/i18n/use-t';

export interface WalkingTimeWords {
  /** Abbreviated, after the distance: '· 5 min walk'. */
  shown: string;
  /** In full, for a screen reader: '5 minutes’ walk'. */
  spoken: string;
}

/**
 * The walking time for a straight-line distance in miles, in the active language; null when there
 * is none to give (past three hours' walk: docs/product-rules.md#distance).
 */
export function walkingTimeWords(t: Translate, miles: number): WalkingTimeWords | null {
  const time = walkingTime(miles);
  if (time === null) return null;
  const { hours, minutes } = time;
  if (hours === 0) return { shown: t('walk.minutes', { minutes }), spoken: t('walk.minutesSpoken', { minutes }) };
  if (minutes === 0) return { shown: t('walk.hours', { hours }), spoken: t('walk.hoursSpoken', { hours }) };
  return { shown: t('walk.hoursMinutes', { hours, minutes }), spoken: t('walk.hoursMinutesSpoken', { hours, minutes }) };
}

/**
 * ' · 5 min walk' after a distance. The abbreviation is hidden from screen readers, which hear the
 * words in full instead: "min" read aloud is a word nobody says.
 */
export function WalkingTime({ miles }: { miles: number }) {
  const t = useT();
  const words = walkingTimeWords(t, miles);
  if (words === null) return null;
  return (
    <span className="walking-time">
      <span aria-hidden="true">{words.shown}</span>
      <span className="sr-only">{words.spoken}</span>
    </span>
  );
}
