import { useId } from 'react';
import type { GeocodeToolReport } from '@allstall/shared';
import { BusyButton } from '@/components/busy-button';
import { useT } from '@/lib/i18n/use-t';

/** What the geocoding batches did: the restrooms placed and where, those not found, and what is left. */
export function GeocodeReport({ report, busy, onContinue }: { report: GeocodeToolReport; busy: boolean; onContinue: () => void }) {
  const { checked, updated, notFound, remaining } = report;
  const id = useId();
  const t = useT();
  return (
    <div className="tool-report">
      <p role="status">
        {checked === 0
          ? t('apiTools.geocode.none')
          : t('apiTools.geocode.checked', { checked, placed: updated.length, notFound: notFound.length })}
      </p>
      {updated.length > 0 && (
        <>
          <h3 id={`${id}-placed`}>{t('apiTools.geocode.placed')}</h3>
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
          <h3 id={`${id}-not-found`}>{t('apiTools.geocode.notFound')}</h3>
          <p className="field__hint">{t('apiTools.geocode.notFoundHint')}</p>
          <ul aria-labelledby={`${id}-not-found`}>
            {notFound.map((restroom) => (
              <li key={restroom.id}>{restroom.name}</li>
            ))}
          </ul>
        </>
      )}
      {remaining > 0 ? (
        <p className="tool-report__more">
          {t('apiTools.geocode.remaining', { n: remaining })}{' '}
          <BusyButton busy={busy} className="button button--secondary" onClick={onContinue}>
            {t('apiTools.continue')}
          </BusyButton>
        </p>
      ) : (
        checked > 0 && <p>{t('apiTools.geocode.noMore')}</p>
      )}
    </div>
  );
}
