import { useCallback, useState } from 'react';
import type { ImportReviewRow } from '@allstall/shared';
import { useOnlineTask } from '@/hooks/use-online-task';
import { importRowsMarkedImported, importRowsMerged } from './import-rows';

export interface ImportReview {
  rows: ImportReviewRow[];
  loading: boolean;
  /** Why the last load failed; null after one that worked. */
  failure: string | null;
  /**
   * Loads listings and adds them to the list (a listing already there takes its new copy), or
   * replaces the list. Resolves with what came, or null when the load failed.
   */
  load<T extends { rows: ImportReviewRow[] }>(fetch: () => Promise<T>, how: 'append' | 'replace'): Promise<T | null>;
  /** The rows now in the database: marked as already imported. */
  markImported(sourceIds: ReadonlySet<string>): void;
  clear(): void;
}

/** The listings an admin has loaded from one source for review, before 'Add all to database'. */
export function useImportReview(): ImportReview {
  const [rows, setRows] = useState<ImportReviewRow[]>([]);
  const task = useOnlineTask();
  const { run } = task;

  const load = useCallback(
    async <T extends { rows: ImportReviewRow[] }>(fetch: () => Promise<T>, how: 'append' | 'replace') => {
      const answer = await run(fetch);
      if (answer) setRows((kept) => (how === 'append' ? importRowsMerged(kept, answer.rows) : answer.rows));
      return answer;
    },
    [run],
  );

  return {
    rows,
    loading: task.busy,
    failure: task.failure,
    load,
    markImported: useCallback((sourceIds: ReadonlySet<string>) => setRows((kept) => importRowsMarkedImported(kept, sourceIds)), []),
    clear: useCallback(() => setRows([]), []),
  };
}
