import { useCallback, useMemo, useState } from 'react';
import { GeocodeToolReportSchema, type GeocodeToolBody, type GeocodeToolReport } from '@allstall/shared';
import { useOnlineTask } from '../../hooks/use-online-task';
import { createCallKeys, postAdminCall } from '../../lib/admin-calls';
import { useServices } from '../../lib/services';
import { geocodeReportsJoined } from './tool-reports';

export interface GeocodeTool {
  busy: boolean;
  failure: string | null;
  /** What the batches since the last start did; null before the first. */
  report: GeocodeToolReport | null;
  /** Geocodes the first batch of restrooms without coordinates, starting a new report. */
  start(): Promise<void>;
  /** The next batch, after the last restroom checked. */
  carryOn(): Promise<void>;
}

/** 'Geocode restrooms without coordinates', a batch at a time (the server bounds each call). */
export function useGeocodeTool(): GeocodeTool {
  const { api } = useServices();
  const keys = useMemo(() => createCallKeys(), []);
  const task = useOnlineTask();
  const { run } = task;
  const [report, setReport] = useState<GeocodeToolReport | null>(null);

  const batch = useCallback(
    async (body: GeocodeToolBody, joinTo: GeocodeToolReport | null) => {
      const answer = await run(() => postAdminCall<GeocodeToolReport>(api, keys, GeocodeToolReportSchema, '/api/admin/tools/geocode', body));
      if (answer) setReport(joinTo ? geocodeReportsJoined(joinTo, answer) : answer);
    },
    [api, keys, run],
  );

  return {
    busy: task.busy,
    failure: task.failure,
    report,
    start: useCallback(() => batch({}, null), [batch]),
    carryOn: useCallback(
      () => (report?.nextAfterId ? batch({ afterId: report.nextAfterId }, report) : Promise.resolve()),
      [batch, report],
    ),
  };
}
