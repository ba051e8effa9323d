import { useId, useState } from 'react';
import { REFUGE_PER_PAGE_MAX, RefugeImportPageSchema, type RefugeImportPage, type WriteProblem } from '@allstall/shared';
import { ProblemNotice } from '../../components/problem-notice';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import { useServices } from '../../lib/services';
import { ImportCredit } from './import-credit';
import { ImportReviewPanel } from './import-review-panel';
import { NumberField } from './number-field';
import { checkRefugePageInput, refugeImportPath } from './refuge-page-input';
import { useImportReview } from './use-import-review';

/** What the last load brought, said under the form. */
function pageSummary({ page, rows, total_pages }: RefugeImportPage): string {
  const of = total_pages === null ? '' : ` of ${total_pages}`;
  if (rows.length === 0) return `Page ${page}${of} has no bathrooms.`;
  return `Loaded page ${page}${of}: ${rows.length} ${rows.length === 1 ? 'bathroom' : 'bathrooms'}.`;
}

/**
 * 'Load bathrooms from Refuge API' (docs/product-rules.md#admin-screens): a page of Refuge Restrooms listings around the region
 * at a time; each page loaded is added to the list under review. After a load the page number moves
 * on, so pressing 'Load bathrooms' again brings the next page.
 */
export function RefugeImportSection() {
  const id = useId();
  const { api } = useServices();
  const review = useImportReview();
  const [perPage, setPerPage] = useState('10');
  const [page, setPage] = useState('1');
  const [problem, setProblem] = useState<WriteProblem | null>(null);
  const [summary, setSummary] = useState<string | null>(null);

  const loadPage = async () => {
    const checked = checkRefugePageInput({ perPage, page });
    setProblem(checked.problem);
    if (!checked.query) return;
    const path = refugeImportPath(checked.query);
    const answer = await review.load(() => api.getJson<RefugeImportPage>(RefugeImportPageSchema, path), 'append');
    setSummary(answer && pageSummary(answer));
    if (answer && answer.rows.length > 0 && (answer.total_pages === null || answer.page < answer.total_pages)) {
      setPage(String(answer.page + 1));
    }
  };

  const problemOf = (field: string) => (problem?.field === field ? problem.message : null);

  return (
    <section className="import-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Load bathrooms from Refuge API</h2>
      <form
        className="admin-toolbar"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!review.loading) void loadPage();
        }}
      >
        <NumberField
          id={`${id}-per-page`}
          label="Bathrooms per page"
          value={perPage}
          min={1}
          max={REFUGE_PER_PAGE_MAX}
          problem={problemOf('per_page')}
          onChange={setPerPage}
        />
        <NumberField id={`${id}-page`} label="Page number" value={page} min={1} problem={problemOf('page')} onChange={setPage} />
        <SubmitButton busy={review.loading}>Load bathrooms</SubmitButton>
      </form>
      {review.loading && <Spinner label="Loading bathrooms…" />}
      <ProblemNotice message={review.failure} />
      {summary && !review.loading && <p role="status">{summary}</p>}
      <ImportReviewPanel source="refuge" review={review} label={`Bathrooms from Refuge Restrooms (${review.rows.length})`} />
      <ImportCredit sources={['refuge']} />
    </section>
  );
}
