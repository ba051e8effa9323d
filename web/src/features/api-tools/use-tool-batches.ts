import { useCallback, useState } from 'react';
import type { TSchema } from 'typebox';
import { useAdminPost } from '@/hooks/use-admin-post';
import { useOnlineTask } from '@/hooks/use-online-task';

export interface ToolBatches<Body, Report> {
  busy: boolean;
  failure: string | null;
  /** What the batches since the last start did; null before the first. */
  report: Report | null;
  /**
   * Sends one batch. Its report starts a new one, or is joined to `carryingOn` (after 'Continue').
   * Resolves with the batch's own report, or null when it failed or did not start.
   */
  batch(body: Body, carryingOn: Report | null): Promise<Report | null>;
}

/** An /api tool the server runs a bounded batch at a time, its report growing with each 'Continue'. */
export function useToolBatches<Body, Report>(
  path: string,
  schema: TSchema,
  joined: (before: Report, next: Report) => Report,
): ToolBatches<Body, Report> {
  const post = useAdminPost();
  const task = useOnlineTask();
  const { run } = task;
  const [report, setReport] = useState<Report | null>(null);

  const batch = useCallback(
    async (body: Body, carryingOn: Report | null) => {
      const answer = await run(() => post<Report>(schema, path, body));
      if (answer) setReport(carryingOn ? joined(carryingOn, answer) : answer);
      return answer;
    },
    [joined, path, post, run, schema],
  );

  return { busy: task.busy, failure: task.failure, report, batch };
}
