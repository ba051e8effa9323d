import { useCallback, useMemo, useState } from 'react';
import { HoursToolReportSchema, type HoursToolBody, type HoursToolReport } from '@allstall/shared';
import { useOnlineTask } from '../../hooks/use-online-task';
import { createCallKeys, postAdminCall } from '../../lib/admin-calls';
import { useServices } from '../../lib/services';
import { hoursReportsJoined } from './tool-reports';

export interface HoursTool {
  busy: boolean;
  failure: string | null;
  /** What the batches of the current range did; null before the first. */
  report: HoursToolReport | null;
  /** Fills hours for the first batch of the range, starting a new report. */
  start(range: HoursToolBody): Promise<void>;
  /** The next batch of the same range. */
  carryOn(): Promise<void>;
}

/** 'Fill opening hours' from OpenStreetMap for a range of restroom ids, a batch at a time. */
export function useHoursTool(): HoursTool {
  const { api } = useServices();
  const keys = useMemo(() => createCallKeys(), []);
  const task = useOnlineTask();
  const { run } = task;
  const [report, setReport] = useState<HoursToolReport | null>(null);
  // The range the report is about: 'Continue' carries on with it even if the inputs changed since.
  const [range, setRange] = useState<HoursToolBody | null>(null);

  const batch = useCallback(
    async (body: HoursToolBody, joinTo: HoursToolReport | null) => {
      const answer = await run(() => postAdminCall<HoursToolReport>(api, keys, HoursToolReportSchema, '/api/admin/tools/hours', body));
      if (!answer) return;
      setReport(joinTo ? hoursReportsJoined(joinTo, answer) : answer);
      if (!joinTo) setRange(body);
    },
    [api, keys, run],
  );

  return {
    busy: task.busy,
    failure: task.failure,
    report,
    start: useCallback((body: HoursToolBody) => batch(body, null), [batch]),
    carryOn: useCallback(
      () => (report?.nextMinId && range ? batch({ minId: report.nextMinId, maxId: range.maxId }, report) : Promise.resolve()),
      [batch, range, report],
    ),
  };
}
