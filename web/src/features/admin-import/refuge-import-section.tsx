import { useId, useState } from 'react';
import { REFUGE_PER_PAGE_MAX, RefugeImportPageSchema, type RefugeImportPage } from '@allstall/shared';
import { ProblemNotice } from '@/components/problem-notice';
import { Spinner } from '@/components/spinner';
import { SubmitButton } from '@/components/submit-button';
import { useServices } from '@/lib/services';
import { ImportCredit } from './import-credit';
import { ImportReviewPanel } from './import-review-panel';
import { NumberField } from './number-field';
import { checkRefugePageInput, refugeImportPath, type RefugePageInput } from './refuge-page-input';
import { useImportReview } from './use-import-review';
import { useT, type Translate } from '@/lib/i18n/use-t';

/** What the last load brought, said under the form. */
function pageSummary(t: Translate, { page, rows, total_pages }: RefugeImportPage): string {
  const n = rows.length;
  if (total_pages === null) return n === 0 ? t('adminImport.refuge.emptyPage', { page }) : t('adminImport.refuge.loadedPage', { page, n });
  const pages = total_pages;
  return n === 0 ? t('adminImport.refuge.emptyPageOf', { page, pages }) : t('adminImport.refuge.loadedPageOf', { page, pages, n });
}

/**
 * 'Load bathrooms from Refuge API' (docs/product-rules.md#admin-screens): a page of Refuge Restrooms listings around the region
 * at a time; each page loaded is added to the list under review. After a load the page number moves
 * on, so pressing 'Load bathrooms' again brings the next page.
 */
export function RefugeImportSection() {
  const id = useId();
  const t = useT();
  const { api } = useServices();
  const review = useImportReview();
  const [perPage, setPerPage] = useState('10');
  const [page, setPage] = useState('1');
  // What was checked and what came, rather than sentences: the words follow a change of language.
  const [checkedInput, setCheckedInput] = useState<RefugePageInput | null>(null);
  const [lastPage, setLastPage] = useState<RefugeImportPage | null>(null);
  const problem = checkedInput && checkRefugePageInput(checkedInput).problem;
  const summary = lastPage && pageSummary(t, lastPage);

  const loadPage = async () => {
    const checked = checkRefugePageInput({ perPage, page });
    setCheckedInput({ perPage, page });
    if (!checked.query) return;
    const path = refugeImportPath(checked.query);
    const answer = await review.load(() => api.getJson<RefugeImportPage>(RefugeImportPageSchema, path), 'append');
    setLastPage(answer);
    if (answer && answer.rows.length > 0 && (answer.total_pages === null || answer.page < answer.total_pages)) {
      setPage(String(answer.page + 1));
    }
  };

  const problemOf = (field: string) => (problem?.field === field ? problem.message : null);

  return (
    <section className="import-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adminImport.refuge.title')}</h2>
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
          label={t('adminImport.refuge.perPage')}
          value={perPage}
          min={1}
          max={REFUGE_PER_PAGE_MAX}
          problem={problemOf('per_page')}
          onChange={setPerPage}
        />
        <NumberField id={`${id}-page`} label={t('adminImport.refuge.page')} value={page} min={1} problem={problemOf('page')} onChange={setPage} />
        <SubmitButton busy={review.loading}>{t('adminImport.refuge.load')}</SubmitButton>
      </form>
      {review.loading && <Spinner label={t('adminImport.refuge.loading')} />}
      <ProblemNotice message={review.failure} />
      {summary && !review.loading && <p role="status">{summary}</p>}
      <ImportReviewPanel source="refuge" review={review} label={t('adminImport.refuge.tableLabel', { n: review.rows.length })} />
      <ImportCredit sources={['refuge']} />
    </section>
  );
}
