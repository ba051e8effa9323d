import { useCallback } from 'react';
import { GeocodeToolReportSchema, type GeocodeToolBody, type GeocodeToolReport } from '@allstall/shared';
import { geocodeReportsJoined } from './tool-reports';
import { useToolBatches } from './use-tool-batches';

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
  const tool = useToolBatches<GeocodeToolBody, GeocodeToolReport>('/api/admin/tools/geocode', GeocodeToolReportSchema, geocodeReportsJoined);
  const { batch, report } = tool;

  return {
    busy: tool.busy,
    failure: tool.failure,
    report,
    start: useCallback(async () => {
      await batch({}, null);
    }, [batch]),
    carryOn: useCallback(async () => {
      if (report?.nextAfterId) await batch({ afterId: report.nextAfterId }, report);
    }, [batch, report]),
  };
}
