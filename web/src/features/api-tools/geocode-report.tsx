import { useId } from 'react';
import type { GeocodeToolReport } from '@allstall/shared';
import { BusyButton } from '../../components/busy-button';
import { restroomCount } from './tool-reports';

/** What the geocoding batches did: the restrooms placed and where, those not found, and what is left. */
export function GeocodeReport({ report, busy, onContinue }: { report: GeocodeToolReport; busy: boolean; onContinue: () => void }) {
  const { checked, updated, notFound, remaining } = report;
  const id = useId();
  return (
    <div className="tool-report">
      <p role="status">
        {checked === 0
          ? 'No restrooms are missing coordinates.'
          : `Checked ${restroomCount(checked)}: ${updated.length} placed, ${notFound.length} not found.`}
      </p>
      {updated.length > 0 && (
        <>
          <h3 id={`${id}-placed`}>Placed</h3>
          <ul aria-labelledby={`${id}-placed`}>
            {updated.map((restroom) => (
              <li key={restroom.id}>
                {restroom.name}: {restroom.latitude.toFixed(5)}, {restroom.longitude.toFixed(5)}
              </li>
            ))}
          </ul>
        </>
      )}
      {notFound.length > 0 && (
        <>
          <h3 id={`${id}-not-found`}>Not found</h3>
          <p className="field__hint">Left without coordinates: the geocoder found no place in the region for their address.</p>
          <ul aria-labelledby={`${id}-not-found`}>
            {notFound.map((restroom) => (
              <li key={restroom.id}>{restroom.name}</li>
            ))}
          </ul>
        </>
      )}
      {remaining > 0 ? (
        <p className="tool-report__more">
          {restroomCount(remaining)} without coordinates still to check.{' '}
          <BusyButton busy={busy} className="button button--secondary" onClick={onContinue}>
            Continue
          </BusyButton>
        </p>
      ) : (
        checked > 0 && <p>No more restrooms without coordinates to check.</p>
      )}
    </div>
  );
}
