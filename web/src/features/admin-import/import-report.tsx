import { Link } from 'react-router-dom';
import type { ImportReport } from './use-send-import';
import { apiToolsPath } from '@/lib/links/app-paths';
import { Msg, useT } from '@/lib/i18n/use-t';

/** What 'Add all to database' did: the counts, how far it got, and the rows that cannot go on the map. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const t = useT();
  const { result, sent, total } = report;
  const counts = { inserted: result.inserted, updated: result.updated, unchanged: result.unchanged };
  return (
    <div className="import-report">
      <p role="status">{sent < total ? t('adminImport.report.countsPartial', { ...counts, sent, total }) : t('adminImport.report.counts', counts)}</p>
      {result.withoutCoordinates.length > 0 && (
        <>
          <p>
            <Msg id="adminImport.report.withoutCoordinates" components={{ 0: <Link to={apiToolsPath} /> }} />
          </p>
          <ul aria-label={t('adminImport.report.withoutCoordinatesList')}>
            {result.withoutCoordinates.map((row) => (
              <li key={row.source_id}>{row.name}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
