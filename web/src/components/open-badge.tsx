import { dayNameInSentence, hhmmFormat, hoursOutlook, restroomTimeZone, type HoursMoment, type HoursOutlook, type WeeklyHours } from '@allstall/shared';
import { useClientConfig } from '../hooks/use-client-config';
import { useNow } from '../hooks/use-now';
import { useIntlLocale, useT, type Translate } from '../lib/i18n/use-t';

/**
 * 'Open now · Closes 9pm' or 'Closed · Opens Mon 7am' on the restroom's own clock (`timeZone`, else
 * the region's), refreshed with the shared minute tick; nothing when the hours are unknown. The
 * badge holds 'Open now' or 'Closed' alone; when it changes follows it in plain text.
 */
export function OpenBadge({ hours, timeZone }: { hours: WeeklyHours; timeZone: string | null | undefined }) {
  const t = useT();
  const locale = useIntlLocale();
  const now = useNow();
  const { region } = useClientConfig();
  const outlook = hoursOutlook(hours, now, restroomTimeZone(timeZone, region.timeZone));
  if (outlook === null) return null;
  const next = nextChangeText(t, locale, outlook);
  // Kept in two unbreakable pieces, the badge with the first word and the rest, so a narrow row
  // breaks the line only there and never starts one with the '·'.
  const space = next === null ? -1 : next.indexOf(' ');
  const head = next === null ? null : space < 0 ? next : next.slice(0, space);
  const tail = next === null || space < 0 ? null : next.slice(space + 1);
  return (
    <span className="open-status">
      <span className="open-status__piece">
        <span className={`open-badge open-badge--${outlook.state}`} data-open-state={outlook.state}>
          {t(outlook.state === 'open' ? 'open.now' : 'open.closed')}
        </span>
        {head !== null && (
          <span className="open-status__next">
            <span aria-hidden="true"> · </span>
            {head}
          </span>
        )}
      </span>
      {tail !== null && (
        <>
          {/* The one place the line may break: a space outside both pieces. */}{' '}
          <span className="open-status__piece open-status__next">{tail}</span>
        </>
      )}
    </span>
  );
}

/**
 * '24 hours', 'Closes 9pm', 'Opens 7am', or with the day when it is not today ('Opens Mon 7am'); a
 * closing within the coming day needs no day ('Closes 2am' past midnight reads as the next 2am).
 */
function nextChangeText(t: Translate, locale: string, outlook: HoursOutlook): string | null {
  if (outlook.state === 'open') {
    if (outlook.allDay) return t('open.allDay');
    if (outlook.closes === null) return null;
    return momentText(t, locale, outlook.closes, outlook.closes.minutesAhead >= 24 * 60, 'open.closes', 'open.closesOn');
  }
  if (outlook.opens === null) return null;
  return momentText(t, locale, outlook.opens, outlook.opens.daysAhead > 0, 'open.opens', 'open.opensOn');
}

function momentText(
  t: Translate,
  locale: string,
  moment: HoursMoment,
  withDay: boolean,
  id: 'open.closes' | 'open.opens',
  dayId: 'open.closesOn' | 'open.opensOn',
): string {
  const time = hhmmFormat(moment.hhmm, locale);
  // Spanish says "a la 1:00" but "a las 7:00": whether the time as written starts at one o'clock.
  const hourOne = /^1(?!\d)/.test(time) ? 'yes' : 'no';
  return withDay ? t(dayId, { day: dayNameInSentence(moment.day, locale), time, hourOne }) : t(id, { time, hourOne });
}
