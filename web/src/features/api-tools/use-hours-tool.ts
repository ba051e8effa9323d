import { useCallback, useState } from 'react';
import { HoursToolReportSchema, type HoursToolBody, type HoursToolReport } from '@allstall/shared';
import { hoursReportsJoined } from './tool-reports';
import { useToolBatches } from './use-tool-batches';

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
  const tool = useToolBatches<HoursToolBody, HoursToolReport>('/api/admin/tools/hours', HoursToolReportSchema, hoursReportsJoined);
  const { batch, report } = tool;
  // The range the report is about: 'Continue' carries on with it even if the inputs changed since.
  const [range, setRange] = useState<HoursToolBody | null>(null);

  return {
    busy: tool.busy,
    failure: tool.failure,
    report,
    start: useCallback(
      async (body: HoursToolBody) => {
        if (await batch(body, null)) setRange(body);
      },
      [batch],
    ),
    carryOn: useCallback(async () => {
      if (report?.nextMinId && range) await batch({ minId: report.nextMinId, maxId: range.maxId }, report);
    }, [batch, range, report]),
  };
}
