import { useState } from 'react';
import { hoursLineText, type ImportReviewRow, type ImportSource } from '@allstall/shared';
import { useClientConfig } from '@/hooks/use-client-config';
import { accessValueText, amenityValueText, feeValueText } from '@/lib/restrooms/listing-choices';
import { coordinateText, importDateFormat, importDateText } from './import-cells';
import { importRowHasPosition } from './import-rows';
import { pageOf } from './import-run-text';
import { Pager } from './pager';
import { useIntlLocale, useT } from '@/lib/i18n/use-t';
import type { MessageId } from '@/lib/i18n/message-id';

/** Rows a page of the review: a state's worth of listings must not be drawn at once. */
const IMPORT_REVIEW_ROWS_PER_PAGE = 100;

interface Column {
  header: MessageId;
  cell: (row: ImportReviewRow, dates: Intl.DateTimeFormat) => string;
  /** Free text from the source: wraps in a column of its own instead of stretching the table. */
  text?: boolean;
}

const ADDRESS: Column[] = [
  { header: 'adminImport.column.street', cell: (row) => row.street },
  { header: 'adminImport.column.city', cell: (row) => row.city },
  { header: 'adminImport.column.state', cell: (row) => row.state },
  { header: 'adminImport.column.country', cell: (row) => row.country },
  { header: 'adminImport.column.accessible', cell: (row) => amenityValueText(row.accessible) },
  { header: 'adminImport.column.unisex', cell: (row) => amenityValueText(row.unisex) },
  { header: 'adminImport.column.changingTable', cell: (row) => amenityValueText(row.changing_table) },
];

// The OpenStreetMap mapping decides these from tags, conservatively; the admin checks them before
// adding. What the tags do not say reads 'Unknown', never 'No' (docs/product-rules.md#what-we-know).
const OSM_ONLY: Column[] = [
  { header: 'adminImport.column.singleStall', cell: (row) => amenityValueText(row.is_single_stall) },
  { header: 'adminImport.column.whoMayUse', cell: (row) => accessValueText(row.access) },
  { header: 'adminImport.column.fee', cell: (row) => feeValueText(row.fee) },
  { header: 'adminImport.column.hours', cell: (row) => hoursLineText(row.hours), text: true },
];

const DETAILS: Column[] = [
  { header: 'adminImport.column.directions', cell: (row) => row.directions ?? '', text: true },
  { header: 'adminImport.column.comment', cell: (row) => row.comment ?? '', text: true },
  { header: 'adminImport.column.latitude', cell: (row) => coordinateText(row.latitude) },
  { header: 'adminImport.column.longitude', cell: (row) => coordinateText(row.longitude) },
  { header: 'adminImport.column.upvotes', cell: (row) => String(row.upvotes) },
  { header: 'adminImport.column.downvotes', cell: (row) => String(row.downvotes) },
  { header: 'adminImport.column.created', cell: (row, dates) => importDateText(row.created_at, dates) },
  { header: 'adminImport.column.updated', cell: (row, dates) => importDateText(row.updated_at, dates) },
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
  const t = useT();
  const { region } = useClientConfig();
  const dates = importDateFormat(useIntlLocale(), region.timeZone);
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
              <th scope="col">{t('adminImport.column.name')}</th>
              <th scope="col">{t('adminImport.column.status')}</th>
              {columns.map((column) => (
                <th scope="col" key={column.header}>
                  {t(column.header)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((row) => {
              const placed = importRowHasPosition(row);
              return (
                <tr key={row.source_id} className={row.already_imported ? 'import-table__row--imported' : undefined}>
                  <th scope="row" data-label={t('adminImport.column.name')}>
                    {row.name}
                  </th>
                  <td data-label={t('adminImport.column.status')}>
                    {/* One piece, so a phone card draws both lines beside the label. */}
                    <span>
                      <span className="import-table__status">{row.already_imported ? t('adminImport.status.alreadyImported') : t('adminImport.status.new')}</span>
                      {!placed && <span className="import-table__status import-table__status--unplaced">{t('adminImport.status.noCoordinates')}</span>}
                    </span>
                  </td>
                  {columns.map((column) => (
                    <td key={column.header} data-label={t(column.header)} className={column.text ? 'import-table__text' : undefined}>
                      {column.cell(row, dates)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager page={shown.page} pages={shown.pages} label={t('adminImport.pager.label', { table: label })} onPage={setPage} />
    </>
  );
}
