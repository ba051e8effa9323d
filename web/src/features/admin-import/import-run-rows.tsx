import { useEffect, useId, useState } from 'react';
import { ImportRunRowsPageSchema, IMPORT_RUN_OUTCOMES, type ImportRun, type ImportRunOutcome, type ImportRunRowsPage } from '@allstall/shared';
import { ProblemNotice } from '@/components/problem-notice';
import { adminCallFailureText } from '@/lib/api/admin-calls';
import { useServices } from '@/lib/services';
import { useIntlLocale, useT } from '@/lib/i18n/use-t';
import { importRunOutcomeText, pageCountOf } from './import-run-text';
import { Pager } from './pager';

/** Rows a page: enough to scan, few enough that a run of 100,000 never sits in the page at once. */
const IMPORT_RUN_ROWS_PER_PAGE = 50;

/**
 * What a run did with each listing it read, a page at a time from the server, optionally only one
 * outcome (the refused ones and why, say). Read again after every step the run takes and when it
 * stops or finishes, so the count and the last page grow while it runs; a page already read keeps
 * its rows, as they are numbered in the order the run read them.
 */
export function ImportRunRows({ run }: { run: ImportRun }) {
  const id = useId();
  const t = useT();
  const intlLocale = useIntlLocale();
  const { api } = useServices();
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<ImportRunOutcome | ''>('');
  const [answer, setAnswer] = useState<ImportRunRowsPage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const query = new URLSearchParams({ page: String(page), per_page: String(IMPORT_RUN_ROWS_PER_PAGE) });
    if (outcome !== '') query.set('outcome', outcome);
    api
      .getJson<ImportRunRowsPage>(ImportRunRowsPageSchema, `/api/admin/import-runs/${run.id}/rows?${query}`)
      .then((rows) => {
        if (cancelled) return;
        setAnswer(rows);
        setFailure(null);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(adminCallFailureText(error));
      });
    return () => {
      cancelled = true;
    };
  }, [api, run.id, run.status, run.steps_done, page, outcome]);

  const pages = answer === null ? 1 : pageCountOf(answer.total, IMPORT_RUN_ROWS_PER_PAGE);
  const names = {
    name: t('adminImport.run.rows.column.name'),
    seq: t('adminImport.run.rows.column.seq'),
    outcome: t('adminImport.run.rows.column.outcome'),
    city: t('adminImport.run.rows.column.city'),
    sourceId: t('adminImport.run.rows.column.sourceId'),
    reason: t('adminImport.run.rows.column.reason'),
  };
  const label = t('adminImport.run.rows.label', { n: answer?.total ?? 0 });
  return (
    <div className="import-run-rows">
      <div className="admin-toolbar">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-outcome`}>
            {t('adminImport.run.rows.show')}
          </label>
          <select
            id={`${id}-outcome`}
            className="field__input"
            value={outcome}
            onChange={(event) => {
              setOutcome(event.target.value as ImportRunOutcome | '');
              setPage(1);
            }}
          >
            <option value="">{t('adminImport.run.rows.everyListing')}</option>
            {IMPORT_RUN_OUTCOMES.map((value) => (
              <option key={value} value={value}>
                {importRunOutcomeText(value)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ProblemNotice message={failure} />
      {answer !== null && (
        <>
          <div className="admin-table-scroll" role="region" aria-label={label} tabIndex={0}>
            <table className="admin-table import-table">
              <caption>{label}</caption>
              <thead>
                <tr>
                  <th scope="col">{names.name}</th>
                  <th scope="col">{names.seq}</th>
                  <th scope="col">{names.outcome}</th>
                  <th scope="col">{names.city}</th>
                  <th scope="col">{names.sourceId}</th>
                  <th scope="col">{names.reason}</th>
                </tr>
              </thead>
              <tbody>
                {answer.rows.map((row) => (
                  <tr key={row.seq}>
                    <th scope="row" data-label={names.name}>
                      {row.name}
                    </th>
                    <td data-label={names.seq}>{row.seq.toLocaleString(intlLocale)}</td>
                    <td data-label={names.outcome}>{importRunOutcomeText(row.outcome)}</td>
                    <td data-label={names.city}>{row.city}</td>
                    <td data-label={names.sourceId}>{row.source_id}</td>
                    <td data-label={names.reason} className="import-table__text">
                      {row.reason ?? ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={Math.min(page, pages)} pages={pages} label={t('adminImport.run.pagesLabel')} onPage={setPage} />
        </>
      )}
    </div>
  );
}
