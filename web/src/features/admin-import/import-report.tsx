import { Link } from 'react-router-dom';
import type { ImportReport } from './use-send-import';
import { apiToolsPath } from '../../lib/app-paths';

/** What 'Add all to database' did: the counts, how far it got, and the rows that cannot go on the map. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { result, sent, total } = report;
  return (
    <div className="import-report">
      <p role="status">
        {result.inserted} added, {result.updated} updated, {result.unchanged} unchanged
        {sent < total && ` (only the first ${sent} of ${total} rows were sent)`}
      </p>
      {result.withoutCoordinates.length > 0 && (
        <>
          <p>
            Without coordinates: these are in the database but cannot go on the map until they have a position (the{' '}
            <Link to={apiToolsPath}>geocoding tool</Link> can look them up).
          </p>
          <ul aria-label="Imported without coordinates">
            {result.withoutCoordinates.map((row) => (
              <li key={row.source_id}>{row.name}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
