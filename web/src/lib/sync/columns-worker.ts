import { createDb } from '../db/db';
import { rebuildStoredColumns } from './rebuild-columns';

/*
 * The column index's own thread (started by `column-keeper.ts` once the mirror has been quiet): it
 * reads every bucket, builds the columns and stores them, so the page never spends the quarter of a
 * second that reading 100,000 rows back costs. One job per worker; the page ends it after.
 */

export interface ColumnsJobRequest {
  dbName: string;
}

export type ColumnsJobAnswer = { kind: 'done'; stored: boolean } | { kind: 'failed'; message: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<ColumnsJobRequest>) => void) | null;
  postMessage(message: ColumnsJobAnswer): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const db = createDb(event.data.dbName);
  rebuildStoredColumns(db)
    .then(
      (stored) => scope.postMessage({ kind: 'done', stored }),
      (error: unknown) => scope.postMessage({ kind: 'failed', message: String(error) }),
    )
    .finally(() => db.close());
};
