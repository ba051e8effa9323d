import { useId } from 'react';
import { hoursLineText, type HoursToolReport } from '@allstall/shared';
import { BusyButton } from '@/components/busy-button';
import { useT } from '@/lib/i18n/use-t';

/** What the hours batches did for the range: each restroom whose hours changed, the other counts, what is left. */
export function HoursReport({ report, busy, onContinue }: { report: HoursToolReport; busy: boolean; onContinue: () => void }) {
  const { checked, updated, unchanged, noPlace, failed, remaining } = report;
  const id = useId();
  const t = useT();
  return (
    <div className="tool-report">
      <p role="status">
        {checked === 0 ? t('apiTools.hours.none') : t('apiTools.hours.checked', { checked, updated: updated.length, unchanged, noPlace, failed })}
      </p>
      {updated.length > 0 && (
        <>
          <h3 id={`${id}-new-hours`}>{t('apiTools.hours.newHours')}</h3>
          <ul aria-labelledby={`${id}-new-hours`}>
            {updated.map((restroom) => (
              <li key={restroom.id}>
                {restroom.name}: {hoursLineText(restroom.hours)}
              </li>
            ))}
          </ul>
        </>
      )}
      {remaining > 0 ? (
        <p className="tool-report__more">
          {t('apiTools.hours.remaining', { n: remaining })}{' '}
          <BusyButton busy={busy} className="button button--secondary" onClick={onContinue}>
            {t('apiTools.continue')}
          </BusyButton>
        </p>
      ) : (
        checked > 0 && <p>{t('apiTools.hours.allChecked')}</p>
      )}
    </div>
  );
}
