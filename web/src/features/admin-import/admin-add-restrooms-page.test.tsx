import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportBody, ImportResult } from '@allstall/shared';
import { HttpError, NetworkError, type ApiClient, type WriteRequest } from '@/lib/api/api-client';
import { makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, testServices } from '@/test/services';
import { makeImportReviewRow, makeOsmReview, makeRefugePage } from './import-test-rows';

const admin = makeUser({ username: 'Ada', is_admin: true });

async function renderImports(api: Partial<ApiClient>) {
  await renderRoute('/admin/addbathrooms', { services: testServices(fakeApiClient(api)), user: admin });
  await screen.findByRole('heading', { level: 1, name: 'Add bathrooms' });
  const refuge = screen.getByRole('region', { name: 'Load bathrooms from Refuge API' });
  const osm = screen.getByRole('region', { name: 'Load toilets from OpenStreetMap' });
  return { refuge, osm };
}

function fillRefugeForm(refuge: HTMLElement, perPage: string, page: string) {
  fireEvent.change(within(refuge).getByLabelText('Bathrooms per page'), { target: { value: perPage } });
  fireEvent.change(within(refuge).getByLabelText('Page number'), { target: { value: page } });
}

const bodyRowNames = (region: HTMLElement) =>
  within(within(region).getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

/** A promise the test settles when it wants: the server's answer arriving. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

afterEach(() => vi.restoreAllMocks());

describe('AdminAddRestroomsPage — the way back', () => {
  it("leads back to /admin with 'Back to admin', and on to the other admin pages", async () => {
    const { router } = await renderRoute('/admin/addbathrooms', { services: testServices(fakeApiClient({})), user: admin });
    await screen.findByRole('heading', { level: 1, name: 'Add bathrooms' });

    const others = screen.getByRole('navigation', { name: 'Other admin pages' });
    expect(within(others).getAllByRole('link').map((link) => link.textContent)).toEqual(['Edit bathrooms', 'User Contact Details', 'Geocoding and places tools']);
    fireEvent.click(screen.getByRole('link', { name: 'Back to admin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  }, 30_000);
});

describe('AdminAddRestroomsPage — Refuge', () => {
  it('asks guests to log in first', async () => {
    await renderRoute('/admin/addbathrooms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Add bathrooms' })).toBeNull();
  });

  it("loads the page asked for into the wide table, with a spinner while it loads", async () => {
    const answer = deferred<unknown>();
    const getJson = vi.fn(() => answer.promise);
    const { refuge } = await renderImports({ getJson: getJson as ApiClient['getJson'] });
    fillRefugeForm(refuge, '20', '3');
    fireEvent.click(within(refuge).getByRole('button', { name: 'Load bathrooms' }));

    expect(await within(refuge).findByText('Loading bathrooms…')).toBeTruthy();
    expect(within(refuge).getByRole('button', { name: 'Load bathrooms' }).getAttribute('aria-busy')).toBe('true');
    expect(getJson).toHaveBeenCalledWith(expect.anything(), '/api/admin/import/refuge?per_page=20&page=3');

    const row = makeImportReviewRow({
      name: 'Quiet Library',
      street: '300 Nicollet Mall',
      country: 'US',
      accessible: true,
      unisex: true,
      changing_table: false,
      directions: 'Second floor',
      comment: 'Ask at the desk',
      latitude: 44.9799123,
      longitude: -93.2701987,
      upvotes: 7,
      downvotes: 1,
      created_at: '2024-05-06T17:08:09.000Z',
      updated_at: '2025-01-02T18:04:05.000Z',
    });
    answer.resolve(makeRefugePage(3, [row], { per_page: 20, total_pages: 5 }));

    const scroller = await within(refuge).findByRole('region', { name: 'Bathrooms from Refuge Restrooms (1)' });
    expect(scroller.tabIndex).toBe(0);
    expect(within(refuge).queryByText('Loading bathrooms…')).toBeNull();
    const table = within(scroller).getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Name', 'Status', 'Street', 'City', 'State', 'Country', 'Accessible', 'Unisex', 'Changing table',
      'Directions', 'Comment', 'Latitude', 'Longitude', 'Upvotes', 'Downvotes', 'Created', 'Updated',
    ]);
    const cells = within(within(table).getByRole('row', { name: /Quiet Library/ })).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual([
      'New', '300 Nicollet Mall', 'Minneapolis', 'MN', 'US', 'Yes', 'Yes', 'No',
      'Second floor', 'Ask at the desk', '44.97991', '-93.27020', '7', '1', 'May 6, 2024', 'Jan 2, 2025',
    ]);
    expect(within(refuge).getByRole('status').textContent).toBe('Loaded page 3 of 5: 1 bathroom.');
    // The next press brings the next page.
    expect((within(refuge).getByLabelText('Page number') as HTMLInputElement).value).toBe('4');
  });

  it('labels every value of a listing with its column, as a phone draws each listing as a card', async () => {
    const row = makeImportReviewRow({ name: 'Quiet Library', latitude: 44.94876, longitude: -93.23484, upvotes: 0, downvotes: 0 });
    const getJson = vi.fn().mockResolvedValueOnce(makeRefugePage(1, [row]));
    const { refuge } = await renderImports({ getJson });
    fireEvent.click(within(refuge).getByRole('button', { name: 'Load bathrooms' }));

    const table = within(await within(refuge).findByRole('region', { name: 'Bathrooms from Refuge Restrooms (1)' })).getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    const listing = within(table).getByRole('row', { name: /Quiet Library/ });
    const values = [within(listing).getByRole('rowheader'), ...within(listing).getAllByRole('cell')];
    expect(values.map((cell) => cell.getAttribute('data-label'))).toEqual(headers);
    expect(values.find((cell) => cell.textContent === '-93.23484')?.getAttribute('data-label')).toBe('Longitude');
  });

  it('appends a second page after the first, each listing once, and marks imported and unplaced rows', async () => {
    const pageOne = [
      makeImportReviewRow({ source_id: '1', name: 'Cafe One', already_imported: true }),
      makeImportReviewRow({ source_id: '2', name: 'Nowhere Diner', latitude: null, longitude: null }),
    ];
    const pageTwo = [makeImportReviewRow({ source_id: '2', name: 'Nowhere Diner', latitude: null, longitude: null }), makeImportReviewRow({ source_id: '3', name: 'Park Hall' })];
    const getJson = vi.fn().mockResolvedValueOnce(makeRefugePage(1, pageOne)).mockResolvedValueOnce(makeRefugePage(2, pageTwo));
    const { refuge } = await renderImports({ getJson });

    fireEvent.click(within(refuge).getByRole('button', { name: 'Load bathrooms' }));
    await within(refuge).findByRole('region', { name: 'Bathrooms from Refuge Restrooms (2)' });
    fireEvent.click(within(refuge).getByRole('button', { name: 'Load bathrooms' }));
    await within(refuge).findByRole('region', { name: 'Bathrooms from Refuge Restrooms (3)' });

    expect(getJson).toHaveBeenLastCalledWith(expect.anything(), '/api/admin/import/refuge?per_page=10&page=2');
    expect(bodyRowNames(refuge)).toEqual(['Cafe One', 'Nowhere Diner', 'Park Hall']);
    const table = within(refuge).getByRole('table');
    expect(within(table).getByRole('row', { name: /Cafe One/ }).textContent).toContain('Already imported');
    const unplaced = within(table).getByRole('row', { name: /Nowhere Diner/ });
    expect(unplaced.textContent).toContain('No coordinates');
    expect(within(table).getByRole('row', { name: /Park Hall/ }).textContent).not.toContain('No coordinates');
  });

  it('refuses out-of-range inputs, naming the field, without asking the server', async () => {
    const getJson = vi.fn();
    const { refuge } = await renderImports({ getJson });
    fillRefugeForm(refuge, '500', '1');
    fireEvent.click(within(refuge).getByRole('button', { name: 'Load bathrooms' }));
    expect(within(refuge).getByRole('alert').textContent).toBe('Bathrooms per page must be a whole number from 1 to 100.');
    expect(within(refuge).getByLabelText('Bathrooms per page').getAttribute('aria-invalid')).toBe('true');

    fillRefugeForm(refuge, '10', '0');
    fireEvent.click(within(refuge).getByRole('button', { name: 'Load bathrooms' }));
    expect(within(refuge).getByRole('alert').textContent).toBe('Page number must be a whole number from 1 to 100,000.');
    expect(getJson).not.toHaveBeenCalled();
  });

  it("shows the server's words when Refuge fails (502), and keeps what was loaded", async () => {
    const message = 'The Refuge Restrooms service did not answer. Try again in a moment.';
    const getJson = vi
      .fn()
      .mockResolvedValueOnce(makeRefugePage(1, [makeImportReviewRow({ name: 'Cafe One' })]))
      .mockRejectedValueOnce(new HttpError(502, { statusCode: 502, error: 'Bad Gateway', message }));
    const { refuge } = await renderImports({ getJson });
    fireEvent.click(within(refuge).getByRole('button', { name: 'Load bathrooms' }));
    await within(refuge).findByRole('region', { name: 'Bathrooms from Refuge Restrooms (1)' });
    fireEvent.click(within(refuge).getByRole('button', { name: 'Load bathrooms' }));

    expect((await within(refuge).findByRole('alert')).textContent).toBe(message);
    expect(bodyRowNames(refuge)).toEqual(['Cafe One']);
  });

  it("'Add all to database' sends one import of the rows and reports what it did, with the rows without coordinates", async () => {
    const rows = [
      makeImportReviewRow({ source_id: '1', name: 'Cafe One', already_imported: true, restroom_id: '00000000-0000-7000-8000-0000000000aa' }),
      makeImportReviewRow({ source_id: '2', name: 'Nowhere Diner', latitude: null, longitude: null }),
    ];
    const result: ImportResult = { inserted: 1, updated: 1, unchanged: 0, withoutCoordinates: [{ source_id: '2', name: 'Nowhere Diner' }] };
    const sendWrite = vi.fn((_request: WriteRequest) => Promise.resolve(result as unknown));
    const { refuge } = await renderImports({ getJson: () => Promise.resolve(makeRefugePage(1, rows)) as never, sendWrite });
    fireEvent.click(within(refuge).getByRole('button', { name: 'Load bathrooms' }));
    await within(refuge).findByRole('region', { name: 'Bathrooms from Refuge Restrooms (2)' });

    fireEvent.click(within(refuge).getByRole('button', { name: 'Add all to database' }));

    expect((await within(refuge).findByText('1 added, 1 updated, 0 unchanged')).getAttribute('role')).toBe('status');
    expect(sendWrite).toHaveBeenCalledTimes(1);
    const request = sendWrite.mock.calls[0]![0];
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/admin/import');
    expect(request.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const body = request.body as ImportBody;
    expect(body.source).toBe('refuge');
    expect(body.rows.map((row) => row.source_id)).toEqual(['1', '2']);
    // The server refuses unknown fields: the review's own fields stay home.
    expect(body.rows[0]).not.toHaveProperty('already_imported');
    expect(body.rows[0]).not.toHaveProperty('restroom_id');

    const unplaced = within(refuge).getByRole('list', { name: 'Imported without coordinates' });
    expect(within(unplaced).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Nowhere Diner']);
    // The review now says both are in the database.
    expect(within(within(refuge).getByRole('table')).getByRole('row', { name: /Nowhere Diner/ }).textContent).toContain('Already imported');
  });

  it('says the import failed in the server’s words, and sends again under the same key after a lost answer', async () => {
    const sendWrite = vi
      .fn()
      .mockRejectedValueOnce(new NetworkError(new TypeError('timed out')))
      .mockRejectedValueOnce(new HttpError(409, { statusCode: 409, error: 'Conflict', message: 'Another import of these listings was running. Try again.' }));
    const { refuge } = await renderImports({ getJson: () => Promise.resolve(makeRefugePage(1, [makeImportReviewRow()])) as never, sendWrite });
    fireEvent.click(within(refuge).getByRole('button', { name: 'Load bathrooms' }));
    await within(refuge).findByRole('table');

    fireEvent.click(within(refuge).getByRole('button', { name: 'Add all to database' }));
    expect((await within(refuge).findByRole('alert')).textContent).toBe('The server could not be reached, or took too long to answer. Try again in a moment.');
    fireEvent.click(within(refuge).getByRole('button', { name: 'Add all to database' }));
    await within(refuge).findByText('Another import of these listings was running. Try again.');

    const [first, second] = sendWrite.mock.calls.map(([request]) => (request as WriteRequest).idempotencyKey);
    expect(second).toBe(first);
  });

  it('says the tools need a connection when offline, and asks nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const getJson = vi.fn();
    const { refuge } = await renderImports({ getJson });
    const page = screen.getByRole('region', { name: 'Add bathrooms' });
    expect(within(page).getAllByRole('status')[0]!.textContent).toBe('These tools need a connection.');
    fireEvent.click(within(refuge).getByRole('button', { name: 'Load bathrooms' }));
    expect((await within(refuge).findByRole('alert')).textContent).toBe('These tools need a connection.');
    expect(getJson).not.toHaveBeenCalled();
  });
});

describe('AdminAddRestroomsPage — OpenStreetMap', () => {
  it('loads the toilets for review with their hours, and adds them with source osm', async () => {
    const rows = [
      makeImportReviewRow({
        source_id: 'node/42',
        name: 'Loring Park toilets',
        is_single_stall: true,
        access: 'customers',
        fee: 'paid',
        hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: 700, close: 2200 })),
      }),
      makeImportReviewRow({ source_id: 'way/7', name: 'Station toilets', hours: null, unisex: null, is_single_stall: null, access: null }),
    ];
    const getJson = vi.fn(() => Promise.resolve(makeOsmReview(rows)));
    const result: ImportResult = { inserted: 2, updated: 0, unchanged: 0, withoutCoordinates: [] };
    const sendWrite = vi.fn((_request: WriteRequest) => Promise.resolve(result as unknown));
    const { osm } = await renderImports({ getJson: getJson as ApiClient['getJson'], sendWrite });

    expect(within(osm).getByText('© OpenStreetMap contributors')).toBeTruthy();
    expect(within(osm).getByRole('link', { name: 'ODbL 1.0' }).getAttribute('href')).toBe('https://opendatacommons.org/licenses/odbl/1-0/');
    fireEvent.click(within(osm).getByRole('button', { name: 'Load toilets from OpenStreetMap' }));
    const scroller = await within(osm).findByRole('region', { name: 'Toilets from OpenStreetMap (2)' });
    expect(getJson).toHaveBeenCalledWith(expect.anything(), '/api/admin/import/osm');
    const table = within(scroller).getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Single stall', 'Who may use it', 'Free to use', 'Hours']));
    const hoursColumn = headers.indexOf('Hours') - 1;
    const cellsOf = (name: RegExp) => within(within(table).getByRole('row', { name })).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cellsOf(/Loring Park/)[hoursColumn]).toBe('Mon–Fri 7am - 10pm');
    expect(cellsOf(/Station/)[hoursColumn]).toBe('Unknown');
    // What the tags do not say reads Unknown, never No; who may use it in words.
    const column = (header: string) => headers.indexOf(header) - 1;
    expect(cellsOf(/Station/)[column('Unisex')]).toBe('Unknown');
    expect(cellsOf(/Station/)[column('Single stall')]).toBe('Unknown');
    expect(cellsOf(/Station/)[column('Who may use it')]).toBe('Unknown');
    expect(cellsOf(/Loring Park/)[column('Single stall')]).toBe('Yes');
    expect(cellsOf(/Loring Park/)[column('Who may use it')]).toBe('Customers only');
    expect(cellsOf(/Loring Park/)[column('Free to use')]).toBe('Paid');
    expect(cellsOf(/Station/)[column('Free to use')]).toBe('Unknown');
    const labels = within(within(table).getByRole('row', { name: /Loring Park/ }))
      .getAllByRole('cell')
      .map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual(headers.slice(1));

    fireEvent.click(within(osm).getByRole('button', { name: 'Add all to database' }));
    await within(osm).findByText('2 added, 0 updated, 0 unchanged');
    const body = sendWrite.mock.calls[0]![0].body as ImportBody;
    expect(body.source).toBe('osm');
    expect(body.rows.map((row) => row.source_id)).toEqual(['node/42', 'way/7']);
  });

  it('credits Refuge Restrooms contributors and CC BY-SA 4.0 beside its listings', async () => {
    const { refuge } = await renderImports({});
    expect(within(refuge).getByRole('link', { name: 'Refuge Restrooms contributors' })).toBeTruthy();
    expect(within(refuge).getByRole('link', { name: 'CC BY-SA 4.0' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by-sa/4.0/');
  });

  it('shows the server’s words when Overpass fails', async () => {
    const message = 'The OpenStreetMap Overpass service is not working right now. Try again in a moment.';
    const { osm } = await renderImports({ getJson: () => Promise.reject(new HttpError(502, { statusCode: 502, error: 'Bad Gateway', message })) });
    fireEvent.click(within(osm).getByRole('button', { name: 'Load toilets from OpenStreetMap' }));
    expect((await within(osm).findByRole('alert')).textContent).toBe(message);
    await waitFor(() => expect(within(osm).queryByRole('table')).toBeNull());
  });
});
