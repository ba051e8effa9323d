import { useId, useState } from 'react';
import { BusyButton } from '@/components/busy-button';
import { ProblemNotice } from '@/components/problem-notice';
import { ImportCredit } from './import-credit';
import { ImportRunRows } from './import-run-rows';
import { importRunCountsText, importRunStatusText, importRunStepsText, IMPORT_SOURCE_NAMES } from './import-run-text';
import { useImportRun } from './use-import-run';
import { useT } from '@/lib/i18n/use-t';

/**
 * "Import the whole region" (docs/product-rules.md#imports): a whole state or country loaded from
 * OpenStreetMap or from every Refuge page, on the server, with its progress read every second,
 * Stop and Resume, and what it did with each listing, a page at a time. The admin may leave the
 * page: the import goes on, and 'Show the latest import' finds it again.
 */
export function ImportRunSection() {
  const id = useId();
  const t = useT();
  const control = useImportRun();
  const { run } = control;
  const [noRuns, setNoRuns] = useState(false);
  const steps = run === null ? null : importRunStepsText(run);

  return (
    <section className="import-section import-run" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adminImport.run.title')}</h2>
      <p className="field__hint">{t('adminImport.run.hint')}</p>
      <div className="import-review__actions">
        <BusyButton busy={control.busy || run?.status === 'running'} onClick={() => void control.start('osm')}>
          {t('adminImport.run.startOsm')}
        </BusyButton>
        <BusyButton busy={control.busy || run?.status === 'running'} onClick={() => void control.start('refuge')}>
          {t('adminImport.run.startRefuge')}
        </BusyButton>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void control.showLatest().then((found) => setNoRuns(!found))}
        >
          {t('adminImport.run.showLatest')}
        </button>
      </div>
      <ProblemNotice message={control.failure} />
      {noRuns && run === null && <p role="status">{t('adminImport.run.none')}</p>}
      {run !== null && (
        <div className="import-run__progress">
          <h3>
            {run.started_by === null
              ? t('adminImport.run.from', { source: IMPORT_SOURCE_NAMES[run.source] })
              : t('adminImport.run.fromStartedBy', { source: IMPORT_SOURCE_NAMES[run.source], name: run.started_by })}
          </h3>
          {/* Polite and atomic: a screen reader reads the whole line when it settles, not every digit. */}
          <div role="status" aria-live="polite" aria-atomic="true">
            <p className="import-run__status">{importRunStatusText(run)}</p>
            <p className="import-run__counts">{importRunCountsText(run)}</p>
          </div>
          {run.steps_total !== null && steps !== null && (
            <p>
              <progress
                className="import-run__bar"
                value={Math.min(run.steps_done, run.steps_total)}
                max={Math.max(run.steps_total, 1)}
                aria-label={t('adminImport.run.progress')}
                aria-describedby={`${id}-steps`}
              />{' '}
              <span id={`${id}-steps`}>{steps}</span>
            </p>
          )}
          {run.note && <p className="notice">{run.note}</p>}
          <ProblemNotice message={run.error} />
          <ProblemNotice message={control.pollFailure} />
          <div className="import-review__actions">
            {run.status === 'running' && (
              <BusyButton busy={control.busy} className="button button--secondary" onClick={() => void control.stop()}>
                {t('adminImport.run.stop')}
              </BusyButton>
            )}
            {(run.status === 'stopped' || run.status === 'failed') && (
              <BusyButton busy={control.busy} onClick={() => void control.resume()}>
                {t('adminImport.run.resume')}
              </BusyButton>
            )}
          </div>
          <ImportRunRows key={run.id} run={run} />
        </div>
      )}
      <ImportCredit sources={['refuge', 'osm']} />
    </section>
  );
}
