import { useEffect, useId, useState } from 'react';
import { ImportRunRowsPageSchema, IMPORT_RUN_OUTCOMES, type ImportRun, type ImportRunOutcome, type ImportRunRowsPage } from '@allstall/shared';
import { ProblemNotice } from '../../components/problem-notice';
import { adminCallFailureText } from '../../lib/admin-calls';
import { useServices } from '../../lib/services';
import { IMPORT_RUN_OUTCOME_NAMES, pageCountOf } from './import-run-text';
import { Pager } from './pager';

/** Rows a page: enough to scan, few enough that a run of 100,000 never sits in the page at once. */
export const IMPORT_RUN_ROWS_PER_PAGE = 50;

/**
 * What a run did with each listing it read, a page at a time from the server, optionally only one
 * outcome (the refused ones and why, say). Read again after every step the run takes and when it
 * stops or finishes, so the count and the last page grow while it runs; a page already read keeps
 * its rows, as they are numbered in the order the run read them.
 */
export function ImportRunRows({ run }: { run: ImportRun }) {
  const id = useId();
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
  const label = `Listings read by this import (${(answer?.total ?? 0).toLocaleString('en-US')})`;
  return (
    <div className="import-run-rows">
      <div className="admin-toolbar">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-outcome`}>
            Show
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
            <option value="">Every listing</option>
            {IMPORT_RUN_OUTCOMES.map((value) => (
              <option key={value} value={value}>
                {IMPORT_RUN_OUTCOME_NAMES[value]}
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
                  <th scope="col">Name</th>
                  <th scope="col">#</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">City</th>
                  <th scope="col">Source id</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {answer.rows.map((row) => (
                  <tr key={row.seq}>
                    <th scope="row" data-label="Name">
                      {row.name}
                    </th>
                    <td data-label="#">{row.seq.toLocaleString('en-US')}</td>
                    <td data-label="Outcome">{IMPORT_RUN_OUTCOME_NAMES[row.outcome]}</td>
                    <td data-label="City">{row.city}</td>
                    <td data-label="Source id">{row.source_id}</td>
                    <td data-label="Reason" className="import-table__text">
                      {row.reason ?? ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={Math.min(page, pages)} pages={pages} label="Pages of listings read" onPage={setPage} />
        </>
      )}
    </div>
  );
}
