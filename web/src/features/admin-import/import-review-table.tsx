import { useState } from 'react';
import { dateFormatShortUs, hoursLineText, type ImportReviewRow, type ImportSource } from '@allstall/shared';
import { useClientConfig } from '../../hooks/use-client-config';
import { accessValueText, amenityValueText } from '../../lib/listing-choices';
import { coordinateText } from './import-cells';
import { importRowHasPosition } from './import-rows';
import { pageOf } from './import-run-text';
import { Pager } from './pager';

/** Rows a page of the review: a state's worth of listings must not be drawn at once. */
export const IMPORT_REVIEW_ROWS_PER_PAGE = 100;

interface Column {
  header: string;
  cell: (row: ImportReviewRow, timeZone: string) => string;
  /** Free text from the source: wraps in a column of its own instead of stretching the table. */
  text?: boolean;
}

const dateText = (iso: string | null, timeZone: string) => (iso === null ? '—' : dateFormatShortUs(iso, timeZone));

const ADDRESS: Column[] = [
  { header: 'Street', cell: (row) => row.street },
  { header: 'City', cell: (row) => row.city },
  { header: 'State', cell: (row) => row.state },
  { header: 'Country', cell: (row) => row.country },
  { header: 'Accessible', cell: (row) => amenityValueText(row.accessible) },
  { header: 'Unisex', cell: (row) => amenityValueText(row.unisex) },
  { header: 'Changing table', cell: (row) => amenityValueText(row.changing_table) },
];

// The OpenStreetMap mapping decides these from tags, conservatively; the admin checks them before
// adding. What the tags do not say reads 'Unknown', never 'No' (docs/product-rules.md#what-we-know).
const OSM_ONLY: Column[] = [
  { header: 'Single stall', cell: (row) => amenityValueText(row.is_single_stall) },
  { header: 'Who may use it', cell: (row) => accessValueText(row.access) },
  { header: 'Hours', cell: (row) => hoursLineText(row.hours), text: true },
];

const DETAILS: Column[] = [
  { header: 'Directions', cell: (row) => row.directions ?? '', text: true },
  { header: 'Comment', cell: (row) => row.comment ?? '', text: true },
  { header: 'Latitude', cell: (row) => coordinateText(row.latitude) },
  { header: 'Longitude', cell: (row) => coordinateText(row.longitude) },
  { header: 'Upvotes', cell: (row) => String(row.upvotes) },
  { header: 'Downvotes', cell: (row) => String(row.downvotes) },
  { header: 'Created', cell: (row, timeZone) => dateText(row.created_at, timeZone) },
  { header: 'Updated', cell: (row, timeZone) => dateText(row.updated_at, timeZone) },
];

const columnsOf = (source: ImportSource) => (source === 'osm' ? [...ADDRESS, ...OSM_ONLY, ...DETAILS] : [...ADDRESS, ...DETAILS]);

/**
 * The wide table of fetched listings (/admin/addbathrooms, docs/product-rules.md#admin-screens), in a labelled container that
 * scrolls sideways. Each row says whether the listing is already in the database and whether it
 * lacks coordinates (it would be imported, but could not go on the map). On a phone each listing is a
 * card whose lines carry their column's name (`data-label`, drawn by admin.css). A hundred rows a
 * page, with Previous and Next when there are more.
 */
export function ImportReviewTable({ source, rows, label }: { source: ImportSource; rows: readonly ImportReviewRow[]; label: string }) {
  const { region } = useClientConfig();
  const columns = columnsOf(source);
  const [page, setPage] = useState(1);
  const shown = pageOf(rows, page, IMPORT_REVIEW_ROWS_PER_PAGE);
  return (
    <>
      <div className="admin-table-scroll" role="region" aria-label={label} tabIndex={0}>
        <table className="admin-table import-table">
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              {columns.map((column) => (
                <th scope="col" key={column.header}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((row) => {
              const placed = importRowHasPosition(row);
              return (
                <tr key={row.source_id} className={row.already_imported ? 'import-table__row--imported' : undefined}>
                  <th scope="row" data-label="Name">
                    {row.name}
                  </th>
                  <td data-label="Status">
                    {/* One piece, so a phone card draws both lines beside the label. */}
                    <span>
                      <span className="import-table__status">{row.already_imported ? 'Already imported' : 'New'}</span>
                      {!placed && <span className="import-table__status import-table__status--unplaced">No coordinates</span>}
                    </span>
                  </td>
                  {columns.map((column) => (
                    <td key={column.header} data-label={column.header} className={column.text ? 'import-table__text' : undefined}>
                      {column.cell(row, region.timeZone)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager page={shown.page} pages={shown.pages} label={`Pages of ${label}`} onPage={setPage} />
    </>
  );
}
