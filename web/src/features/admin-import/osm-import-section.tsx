import { useId, useState } from 'react';
import { OsmImportReviewSchema, type OsmImportReview } from '@allstall/shared';
import { BusyButton } from '@/components/busy-button';
import { ProblemNotice } from '@/components/problem-notice';
import { Spinner } from '@/components/spinner';
import { useServices } from '@/lib/services';
import { ImportCredit } from './import-credit';
import { ImportReviewPanel } from './import-review-panel';
import { useImportReview } from './use-import-review';
import { useT } from '@/lib/i18n/use-t';

/**
 * The OpenStreetMap import (beyond the spec): every toilet OpenStreetMap knows in the region, mapped
 * conservatively, shown for review before it is added.
 */
export function OsmImportSection() {
  const id = useId();
  const t = useT();
  const { api } = useServices();
  const review = useImportReview();
  // The count loaded, kept rather than its sentence, so the sentence follows a change of language.
  const [loaded, setLoaded] = useState<number | null>(null);

  const load = async () => {
    const answer = await review.load(() => api.getJson<OsmImportReview>(OsmImportReviewSchema, '/api/admin/import/osm'), 'replace');
    setLoaded(answer ? answer.rows.length : null);
  };

  const summary = loaded === null ? null : loaded === 0 ? t('adminImport.osm.none') : t('adminImport.osm.loaded', { n: loaded });

  return (
    <section className="import-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adminImport.osm.title')}</h2>
      <p className="field__hint">{t('adminImport.osm.hint')}</p>
      <BusyButton busy={review.loading} onClick={() => void load()}>
        {t('adminImport.osm.load')}
      </BusyButton>
      {review.loading && <Spinner label={t('adminImport.osm.loading')} />}
      <ProblemNotice message={review.failure} />
      {summary && !review.loading && <p role="status">{summary}</p>}
      <ImportReviewPanel source="osm" review={review} label={t('adminImport.osm.tableLabel', { n: review.rows.length })} />
      <ImportCredit sources={['osm']} />
    </section>
  );
}
