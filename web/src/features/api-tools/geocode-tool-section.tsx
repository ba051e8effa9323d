import { useId } from 'react';
import { GEOCODE_BATCH_MAX } from '@allstall/shared';
import { BusyButton } from '../../components/busy-button';
import { ProblemNotice } from '../../components/problem-notice';
import { Spinner } from '../../components/spinner';
import { GeocodeReport } from './geocode-report';
import { useGeocodeTool } from './use-geocode-tool';

/** The spec's "button to run the geocoding API": restrooms without coordinates get them from their address. */
export function GeocodeToolSection() {
  const id = useId();
  const tool = useGeocodeTool();
  return (
    <section className="tool-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Geocoding</h2>
      <p className="field__hint">
        Looks up the address of each restroom that has no coordinates, {GEOCODE_BATCH_MAX} at a time, and places the ones found in the
        region.
      </p>
      <BusyButton busy={tool.busy} onClick={() => void tool.start()}>
        Geocode restrooms without coordinates
      </BusyButton>
      {tool.busy && <Spinner label="Geocoding…" />}
      <ProblemNotice message={tool.failure} />
      {tool.report && <GeocodeReport report={tool.report} busy={tool.busy} onContinue={() => void tool.carryOn()} />}
    </section>
  );
}
