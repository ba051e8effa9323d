import type { ImportSource } from '@allstall/shared';
import { BusyButton } from '@/components/busy-button';
import { ProblemNotice } from '@/components/problem-notice';
import { Spinner } from '@/components/spinner';
import { ImportReportView } from './import-report';
import { ImportReviewTable } from './import-review-table';
import type { ImportReview } from './use-import-review';
import { useSendImport } from './use-send-import';
import { useT } from '@/lib/i18n/use-t';

/** The loaded listings of one source, and 'Add all to database' with what it did. */
export function ImportReviewPanel({ source, review, label }: { source: ImportSource; review: ImportReview; label: string }) {
  const t = useT();
  const sending = useSendImport(source);
  const { rows } = review;

  const addAll = async () => {
    const taken = await sending.send(rows);
    review.markImported(taken);
  };

  return (
    <div className="import-review">
      {rows.length > 0 && (
        <>
          <ImportReviewTable source={source} rows={rows} label={label} />
          <div className="import-review__actions">
            <BusyButton busy={sending.busy} onClick={() => void addAll()}>
              {t('adminImport.review.addAll')}
            </BusyButton>
            <button type="button" className="button button--secondary" onClick={review.clear}>
              {t('adminImport.review.clear')}
            </button>
          </div>
        </>
      )}
      {sending.busy && <Spinner label={t('adminImport.review.adding', { n: rows.length })} />}
      {sending.report && <ImportReportView report={sending.report} />}
      <ProblemNotice message={sending.failure} />
    </div>
  );
}
