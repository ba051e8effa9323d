import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportRun, ImportRunRow, ImportRunRowsPage } from '@allstall/shared';
import { HttpError, type ApiClient, type WriteRequest } from '@/lib/api/api-client';
import { makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, testServices } from '@/test/services';
import { makeImportReviewRow, makeImportRun, makeOsmReview } from './import-test-rows';

/*
 * "Import the whole region" on /admin/addbathrooms: a run on the server, its progress read every
 * second, Stop and Resume, and its listings a page at a time; and the review tables a page at a time.
 */

const admin = makeUser({ username: 'Ada', is_admin: true });
const RUN_PATH = '/api/admin/import-runs/01890000-0000-7000-8000-000000000001';

async function renderSection(api: Partial<ApiClient>) {
  await renderRoute('/admin/addbathrooms', { services: testServices(fakeApiClient(api)), user: admin });
  return screen.findByRole('region', { name: 'Import the whole region' });
}

function runRows(page: number, total: number, outcome: ImportRunRow['outcome'] = 'new'): ImportRunRowsPage {
  const first = (page - 1) * 50 + 1;
  const count = Math.max(0, Math.min(50, total - first + 1));
  const rows = Array.from({ length: count }, (_, index) => ({
    seq: first + index,
    source_id: `node/${first + index}`,
    outcome,
    restroom_id: null,
    name: `Public toilet ${first + index}`,
    city: 'Minneapolis',
    reason: outcome === 'refused' ? 'name must have something to read' : null,
  }));
  return { page, per_page: 50, total, rows };
}

/**
 * A server whose run moves on each time its progress is read. Its listings number `total`, or with
 * 'as read' as many as the run's progress last said it had read.
 */
function scriptedServer(progress: ImportRun[], total: number | 'as read' = 120) {
  let reads = 0;
  const getJson = vi.fn((_schema: unknown, path: string) => {
    if (path.startsWith(`${RUN_PATH}/rows`)) {
      const query = new URLSearchParams(path.split('?')[1]);
      const listings = total === 'as read' ? progress[Math.max(0, Math.min(reads, progress.length) - 1)]!.rows_read : total;
      return Promise.resolve(runRows(Number(query.get('page')), query.get('outcome') === 'refused' ? 3 : listings, (query.get('outcome') as ImportRunRow['outcome']) ?? 'new'));
    }
    if (path === RUN_PATH) return Promise.resolve(progress[Math.min(reads++, progress.length - 1)]);
    if (path === '/api/admin/import-runs') return Promise.resolve({ runs: [progress.at(-1)] });
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  return getJson as unknown as ApiClient['getJson'] & typeof getJson;
}

afterEach(() => vi.restoreAllMocks());

describe('Import the whole region', () => {
  it('starts an OpenStreetMap run, shows its counts rise every second with a progress bar, and its finished counts', async () => {
    const getJson = scriptedServer([
      makeImportRun({ rows_read: 5_000, rows_new: 5_000, steps_done: 3 }),
      makeImportRun({ rows_read: 12_345, rows_new: 12_000, rows_unchanged: 345, steps_done: 7 }),
      makeImportRun({ status: 'done', rows_read: 20_000, rows_new: 19_655, rows_unchanged: 345, steps_done: 12, finished_at: '2026-11-26T09:05:00.000Z' }),
    ]);
    const sendWrite = vi.fn((_request: WriteRequest) => Promise.resolve(makeImportRun() as unknown));
    const section = await renderSection({ getJson, sendWrite });
    expect(within(section).getByText('CC BY-SA 4.0')).toBeTruthy();
    expect(within(section).getByText('© OpenStreetMap contributors')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Import all from OpenStreetMap' }));
    await within(section).findByText('Importing from OpenStreetMap…');
    expect(sendWrite.mock.calls[0]![0]).toMatchObject({ method: 'POST', path: '/api/admin/import-runs', body: { source: 'osm' } });
    const status = within(section).getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');

    await within(section).findByText('Rows read 12,345 · New 12,000 · Changed 0 · Unchanged 345 · Refused 0 · Outside the region 0', {}, { timeout: 30_000 });
    expect(within(section).getByRole('progressbar', { name: 'Import progress' }).getAttribute('value')).toBe('7');
    expect(within(section).getByText('Tile 7 of 12 done')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Stop the import' })).toBeTruthy();

    await within(section).findByText('The import from OpenStreetMap is finished.', {}, { timeout: 30_000 });
    expect(status.textContent).toContain('Rows read 20,000 · New 19,655');
    expect(within(section).queryByRole('button', { name: 'Stop the import' })).toBeNull();
  });

  it('stops and resumes the run', async () => {
    const getJson = scriptedServer([makeImportRun({ rows_read: 100 })]);
    const sendWrite = vi.fn((request: WriteRequest) => {
      if (request.path.endsWith('/stop')) return Promise.resolve(makeImportRun({ status: 'stopped', rows_read: 100 }) as unknown);
      if (request.path.endsWith('/resume')) return Promise.resolve(makeImportRun({ status: 'running', rows_read: 100 }) as unknown);
      return Promise.resolve(makeImportRun() as unknown);
    });
    const section = await renderSection({ getJson, sendWrite });
    fireEvent.click(within(section).getByRole('button', { name: 'Import all from OpenStreetMap' }));
    fireEvent.click(await within(section).findByRole('button', { name: 'Stop the import' }));
    await within(section).findByText('The import from OpenStreetMap is stopped.');
    expect(sendWrite.mock.calls[1]![0]).toMatchObject({ method: 'POST', path: `${RUN_PATH}/stop` });
    fireEvent.click(within(section).getByRole('button', { name: 'Resume the import' }));
    await within(section).findByText('Importing from OpenStreetMap…');
    expect(sendWrite.mock.calls[2]![0]).toMatchObject({ method: 'POST', path: `${RUN_PATH}/resume` });
  });

  it('pages the listings the run read from the server, 50 a page, and filters them by outcome', async () => {
    const getJson = scriptedServer([makeImportRun({ status: 'done', rows_read: 120, rows_new: 117, rows_refused: 3 })]);
    const section = await renderSection({ getJson });
    fireEvent.click(within(section).getByRole('button', { name: 'Show the latest import' }));
    const table = await within(section).findByRole('region', { name: 'Listings read by this import (120)' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(50);
    const pager = within(section).getByRole('navigation', { name: 'Pages of listings read' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await within(pager).findByText('Page 2 of 3');
    await waitFor(() => expect(within(table).getAllByRole('rowheader')[0]!.textContent).toBe('Public toilet 51'));
    expect(getJson).toHaveBeenCalledWith(expect.anything(), `${RUN_PATH}/rows?page=2&per_page=50`);

    fireEvent.change(within(section).getByLabelText('Show'), { target: { value: 'refused' } });
    const refused = await within(section).findByRole('region', { name: 'Listings read by this import (3)' });
    expect(within(refused).getAllByRole('cell').some((cell) => cell.textContent === 'name must have something to read')).toBe(true);
    expect(getJson).toHaveBeenCalledWith(expect.anything(), `${RUN_PATH}/rows?page=1&per_page=50&outcome=refused`);
  });

  it('reads its listings again after every step while it runs, so their count grows with the run', async () => {
    const getJson = scriptedServer(
      [
        makeImportRun({ rows_read: 60, rows_new: 60, steps_done: 1 }),
        makeImportRun({ rows_read: 60, rows_new: 60, steps_done: 1 }),
        makeImportRun({ rows_read: 140, rows_new: 140, steps_done: 2 }),
      ],
      'as read',
    );
    const section = await renderSection({ getJson, sendWrite: vi.fn(() => Promise.resolve(makeImportRun() as unknown)) });
    fireEvent.click(within(section).getByRole('button', { name: 'Import all from OpenStreetMap' }));
    await within(section).findByRole('region', { name: 'Listings read by this import (60)' }, { timeout: 30_000 });
    await within(section).findByRole('region', { name: 'Listings read by this import (140)' }, { timeout: 30_000 });
    expect(within(section).getByText('Importing from OpenStreetMap…')).toBeTruthy();
  });

  it("says the server's refusal, and that the tools need a connection when offline", async () => {
    const sendWrite = vi.fn(() => Promise.reject(new HttpError(409, { statusCode: 409, error: 'Conflict', message: 'An import from OpenStreetMap is already running. Stop it first.' })));
    const section = await renderSection({ sendWrite });
    fireEvent.click(within(section).getByRole('button', { name: 'Import all from OpenStreetMap' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('An import from OpenStreetMap is already running. Stop it first.');

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(within(section).getByRole('button', { name: 'Import all from Refuge Restrooms' }));
    await waitFor(() => expect(within(section).getByRole('alert').textContent).toBe('These tools need a connection.'));
    expect(sendWrite).toHaveBeenCalledTimes(1);
  });
});

describe('the review tables, a hundred rows a page', () => {
  it('draws only a page of a long OpenStreetMap review, with Previous and Next', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => makeImportReviewRow({ source_id: `node/${index + 1}`, name: `Toilet ${index + 1}` }));
    await renderRoute('/admin/addbathrooms', { services: testServices(fakeApiClient({ getJson: (() => Promise.resolve(makeOsmReview(rows))) as never })), user: admin });
    const osm = await screen.findByRole('region', { name: 'Load toilets from OpenStreetMap' });
    fireEvent.click(within(osm).getByRole('button', { name: 'Load toilets from OpenStreetMap' }));
    const table = await within(osm).findByRole('region', { name: 'Toilets from OpenStreetMap (250)' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(100);
    const pager = within(osm).getByRole('navigation', { name: 'Pages of Toilets from OpenStreetMap (250)' });
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(within(pager).getByText('Page 3 of 3')).toBeTruthy();
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(rows.slice(200).map((row) => row.name));
    expect((within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
