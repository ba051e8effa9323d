import { useId } from 'react';
import { GEOCODE_BATCH_MAX } from '@allstall/shared';
import { BusyButton } from '@/components/busy-button';
import { ProblemNotice } from '@/components/problem-notice';
import { Spinner } from '@/components/spinner';
import { GeocodeReport } from './geocode-report';
import { useGeocodeTool } from './use-geocode-tool';
import { useT } from '@/lib/i18n/use-t';

/** The spec's "button to run the geocoding API": restrooms without coordinates get them from their address. */
export function GeocodeToolSection() {
  const id = useId();
  const t = useT();
  const tool = useGeocodeTool();
  return (
    <section className="tool-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('apiTools.geocode.title')}</h2>
      <p className="field__hint">{t('apiTools.geocode.hint', { n: GEOCODE_BATCH_MAX })}</p>
      <BusyButton busy={tool.busy} onClick={() => void tool.start()}>
        {t('apiTools.geocode.start')}
      </BusyButton>
      {tool.busy && <Spinner label={t('apiTools.geocode.busy')} />}
      <ProblemNotice message={tool.failure} />
      {tool.report && <GeocodeReport report={tool.report} busy={tool.busy} onContinue={() => void tool.carryOn()} />}
    </section>
  );
}
