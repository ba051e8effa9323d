import { useMemo } from 'react';
import { clockInTimeZone, hoursPanelRows, restroomTimeZone, type WeeklyHours } from '@allstall/shared';
import { useClientConfig } from '../hooks/use-client-config';
import { useNow } from '../hooks/use-now';
import { ClockIcon } from './icons';
import { useIntlLocale, useT } from '../lib/i18n/use-t';

/**
 * The weekly hours, expanded by default, today's row marked (today where the restroom stands: its
 * `timeZone`, else the region's); hidden entirely when the product says so.
 */
export function HoursPanel({ hours, timeZone }: { hours: WeeklyHours; timeZone: string | null | undefined }) {
  const t = useT();
  const locale = useIntlLocale();
  const rows = useMemo(
    () => hoursPanelRows(hours, { locale, closed: t('hours.closed'), allDay: t('hours.allDay'), unknown: t('hours.unknown') }),
    [hours, locale, t],
  );
  const now = useNow();
  const { region } = useClientConfig();
  if (!rows) return null;
  const today = clockInTimeZone(now, restroomTimeZone(timeZone, region.timeZone)).day;
  return (
    <details className="hours-panel" open>
      <summary>
        <ClockIcon size={20} />
        {t('hours.title')}
      </summary>
      <table>
        <tbody>
          {rows.map((row) => {
            const isToday = row.day === today;
            return (
              <tr key={row.day} className={isToday ? 'is-today' : undefined} aria-current={isToday ? 'date' : undefined}>
                <th scope="row">{row.dayName}</th>
                <td>{row.text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
