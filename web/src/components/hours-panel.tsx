import { useMemo } from 'react';
import { hoursPanelRows, restroomTimeZone, type WeeklyHours } from '@allstall/shared';
import { useClientConfig } from '../hooks/use-client-config';
import { useNow } from '../hooks/use-now';
import { ClockIcon } from './icons';

/**
 * The weekly hours, expanded by default, today's row marked (today where the restroom stands: its
 * `timeZone`, else the region's); hidden entirely when the product says so.
 */
export function HoursPanel({ hours, timeZone }: { hours: WeeklyHours; timeZone: string | null | undefined }) {
  const rows = useMemo(() => hoursPanelRows(hours), [hours]);
  const now = useNow();
  const { region } = useClientConfig();
  if (!rows) return null;
  const today = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: restroomTimeZone(timeZone, region.timeZone) }).format(now);
  return (
    <details className="hours-panel" open>
      <summary>
        <ClockIcon size={20} />
        Hours
      </summary>
      <table>
        <tbody>
          {rows.map((row) => {
            const isToday = row.dayName === today;
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
