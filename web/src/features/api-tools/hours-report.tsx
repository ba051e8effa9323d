import { useId } from 'react';
import { hoursLineText, type HoursToolReport } from '@allstall/shared';
import { BusyButton } from '../../components/busy-button';
import { restroomCount } from './tool-reports';

/** What the hours batches did for the range: each restroom whose hours changed, the other counts, what is left. */
export function HoursReport({ report, busy, onContinue }: { report: HoursToolReport; busy: boolean; onContinue: () => void }) {
  const { checked, updated, unchanged, noPlace, failed, remaining } = report;
  const id = useId();
  return (
    <div className="tool-report">
      <p role="status">
        {checked === 0
          ? 'No restrooms have an id in that range.'
          : `Checked ${restroomCount(checked)}: ${updated.length} updated, ${unchanged} unchanged, ${noPlace} without an OpenStreetMap place, ${failed} without hours OpenStreetMap could give.`}
      </p>
      {updated.length > 0 && (
        <>
          <h3 id={`${id}-new-hours`}>New hours</h3>
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
          {restroomCount(remaining)} of the range still to check.{' '}
          <BusyButton busy={busy} className="button button--secondary" onClick={onContinue}>
            Continue
          </BusyButton>
        </p>
      ) : (
        checked > 0 && <p>The whole range has been checked.</p>
      )}
    </div>
  );
}
