import { useCallback, useEffect, useState } from 'react';
import { ImportRunListSchema, ImportRunSchema, type ImportRun, type ImportRunList, type ImportSource } from '@allstall/shared';
import { useAdminPost } from '@/hooks/use-admin-post';
import { useOnlineTask } from '@/hooks/use-online-task';
import { adminCallFailureText } from '@/lib/api/admin-calls';
import { useServices } from '@/lib/services';

/** How often a running import's progress is read. */
const IMPORT_RUN_POLL_MS = 1000;

export interface ImportRunControl {
  /** The run on screen: the one just started, or the latest when asked for. */
  run: ImportRun | null;
  busy: boolean;
  failure: string | null;
  /** Why reading the progress failed; cleared by the next read that works. */
  pollFailure: string | null;
  start(source: ImportSource): Promise<void>;
  stop(): Promise<void>;
  resume(): Promise<void>;
  /** Shows the latest run (after a reload, say), or says there is none. */
  showLatest(): Promise<boolean>;
}

/** An import run on the server, its progress read every second while it runs. */
export function useImportRun(): ImportRunControl {
  const { api } = useServices();
  const post = useAdminPost();
  const task = useOnlineTask();
  const { run: runTask } = task;
  const [run, setRun] = useState<ImportRun | null>(null);
  const [pollFailure, setPollFailure] = useState<string | null>(null);

  const runId = run?.id;
  const running = run?.status === 'running';
  useEffect(() => {
    if (!running || runId === undefined) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      api
        .getJson<ImportRun>(ImportRunSchema, `/api/admin/import-runs/${runId}`)
        .then((next) => {
          if (cancelled) return;
          setPollFailure(null);
          setRun(next);
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          setPollFailure(adminCallFailureText(error));
          // Try again on the next tick: a new object, same run.
          setRun((current) => (current === null ? null : { ...current }));
        });
    }, IMPORT_RUN_POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [api, runId, running, run]);

  const command = useCallback(
    async (path: string, body: unknown) => {
      const answer = await runTask(() => post<ImportRun>(ImportRunSchema, path, body));
      if (answer) setRun(answer);
    },
    [post, runTask],
  );

  return {
    run,
    busy: task.busy,
    failure: task.failure,
    pollFailure,
    start: (source) => command('/api/admin/import-runs', { source }),
    stop: async () => {
      if (runId !== undefined) await command(`/api/admin/import-runs/${runId}/stop`, undefined);
    },
    resume: async () => {
      if (runId !== undefined) await command(`/api/admin/import-runs/${runId}/resume`, undefined);
    },
    showLatest: async () => {
      const answer = await runTask(() => api.getJson<ImportRunList>(ImportRunListSchema, '/api/admin/import-runs'));
      const latest = answer?.runs[0] ?? null;
      if (answer) setRun(latest);
      return latest !== null;
    },
  };
}
