import { useId, useState } from 'react';
import { OsmImportReviewSchema, type OsmImportReview } from '@allstall/shared';
import { BusyButton } from '../../components/busy-button';
import { ProblemNotice } from '../../components/problem-notice';
import { Spinner } from '../../components/spinner';
import { useServices } from '../../lib/services';
import { ImportCredit } from './import-credit';
import { ImportReviewPanel } from './import-review-panel';
import { useImportReview } from './use-import-review';

/**
 * The OpenStreetMap import (beyond the spec): every toilet OpenStreetMap knows in the region, mapped
 * conservatively, shown for review before it is added.
 */
export function OsmImportSection() {
  const id = useId();
  const { api } = useServices();
  const review = useImportReview();
  const [summary, setSummary] = useState<string | null>(null);

  const load = async () => {
    const answer = await review.load(() => api.getJson<OsmImportReview>(OsmImportReviewSchema, '/api/admin/import/osm'), 'replace');
    if (!answer) setSummary(null);
    else setSummary(answer.rows.length === 0 ? 'OpenStreetMap has no toilets in the region.' : `Loaded ${answer.rows.length} toilets.`);
  };

  return (
    <section className="import-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Load toilets from OpenStreetMap</h2>
      <p className="field__hint">
        Unisex and single stall are set only when OpenStreetMap's tags say so; check the list before adding it.
      </p>
      <BusyButton busy={review.loading} onClick={() => void load()}>
        Load toilets from OpenStreetMap
      </BusyButton>
      {review.loading && <Spinner label="Loading toilets…" />}
      <ProblemNotice message={review.failure} />
      {summary && !review.loading && <p role="status">{summary}</p>}
      <ImportReviewPanel source="osm" review={review} label={`Toilets from OpenStreetMap (${review.rows.length})`} />
      <ImportCredit sources={['osm']} />
    </section>
  );
}
