import { useCallback, useState } from 'react';
import { IMPORT_ROWS_MAX, ImportResultSchema, type ImportResult, type ImportReviewRow, type ImportSource } from '@allstall/shared';
import { useAdminPost } from '@/hooks/use-admin-post';
import { useOnlineTask } from '@/hooks/use-online-task';
import { importBatches, importResultsAdded, importRowOf, NO_IMPORT } from './import-rows';

export interface ImportReport {
  result: ImportResult;
  /** Rows the server took; fewer than `total` when a later batch failed. */
  sent: number;
  total: number;
}

export interface SendImport {
  busy: boolean;
  failure: string | null;
  /** What the last 'Add all to database' did, as far as it got. */
  report: ImportReport | null;
  /** Sends the rows, in batches the server accepts; resolves with the source ids it took. */
  send(rows: readonly ImportReviewRow[]): Promise<Set<string>>;
}

/** 'Add all to database': the reviewed rows go straight to the server (an import needs it anyway). */
export function useSendImport(source: ImportSource): SendImport {
  const post = useAdminPost();
  const task = useOnlineTask();
  const { run } = task;
  const [report, setReport] = useState<ImportReport | null>(null);

  const send = useCallback(
    async (rows: readonly ImportReviewRow[]) => {
      const taken = new Set<string>();
      await run(async () => {
        setReport(null);
        let progress: ImportReport = { result: NO_IMPORT, sent: 0, total: rows.length };
        for (const batch of importBatches(rows, IMPORT_ROWS_MAX)) {
          const body = { source, rows: batch.map(importRowOf) };
          const result = await post<ImportResult>(ImportResultSchema, '/api/admin/import', body);
          batch.forEach((row) => taken.add(row.source_id));
          progress = { result: importResultsAdded(progress.result, result), sent: progress.sent + batch.length, total: rows.length };
          // Shown as each batch lands, so a failure part-way still says what was added.
          setReport(progress);
        }
      });
      return taken;
    },
    [post, run, source],
  );

  return { busy: task.busy, failure: task.failure, report, send };
}
