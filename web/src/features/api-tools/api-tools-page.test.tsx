import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GeocodeToolReport, HoursToolReport } from '@allstall/shared';
import { HttpError, type ApiClient, type WriteRequest } from '@/lib/api/api-client';
import { makeRestroom, makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, seedRestrooms, testServices } from '@/test/services';

const admin = makeUser({ username: 'Ada', is_admin: true });
const id = (n: number) => `0192f3a4-5b6c-7d8e-9f01-${String(n).padStart(12, '0')}`;

async function renderTools(api: Partial<ApiClient>) {
  const services = testServices(fakeApiClient(api));
  await seedRestrooms(services, [
    makeRestroom({ id: id(30), name: 'Park Hall' }),
    makeRestroom({ id: id(10), name: 'Quiet Library' }),
    makeRestroom({ id: id(20), name: 'Cafe One' }),
  ]);
  await renderRoute('/api', { services, user: admin });
  await screen.findByRole('heading', { level: 1, name: 'Geocoding and places tools' });
  return {
    geocoding: screen.getByRole('region', { name: 'Geocoding' }),
    hours: screen.getByRole('region', { name: 'Opening hours from OpenStreetMap' }),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

const bodiesSent = (sendWrite: ReturnType<typeof vi.fn>) => sendWrite.mock.calls.map(([request]) => [(request as WriteRequest).path, (request as WriteRequest).body]);
const itemsOf = (region: HTMLElement, list: string) =>
  within(within(region).getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

afterEach(() => vi.restoreAllMocks());

describe('ApiToolsPage', () => {
  it('asks guests to log in first', async () => {
    await renderRoute('/api');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
  });

  it('sends signed-in non-admins to their profile', async () => {
    const { router } = await renderRoute('/api', { user: makeUser({ is_admin: false }) });
    await screen.findByText(/Joined/);
    expect(router.state.location.pathname).toBe('/user');
  });

  it('geocodes a batch with a spinner, reports what changed, and continues where it left off', async () => {
    const first: GeocodeToolReport = {
      checked: 2,
      updated: [{ id: id(1), name: 'Quiet Library', latitude: 44.9799123, longitude: -93.2701987 }],
      notFound: [{ id: id(2), name: 'Lost Cafe' }],
      remaining: 3,
      nextAfterId: id(2),
    };
    const second: GeocodeToolReport = { checked: 3, updated: [{ id: id(4), name: 'Park Hall', latitude: 44.97, longitude: -93.28 }], notFound: [], remaining: 0, nextAfterId: null };
    const answer = deferred<unknown>();
    const sendWrite = vi.fn().mockReturnValueOnce(answer.promise).mockResolvedValueOnce(second);
    const { geocoding } = await renderTools({ sendWrite });

    fireEvent.click(within(geocoding).getByRole('button', { name: 'Geocode restrooms without coordinates' }));
    expect(await within(geocoding).findByText('Geocoding…')).toBeTruthy();
    answer.resolve(first);

    expect((await within(geocoding).findByRole('status')).textContent).toBe('Checked 2 restrooms: 1 placed, 1 not found.');
    expect(within(geocoding).queryByText('Geocoding…')).toBeNull();
    expect(itemsOf(geocoding, 'Placed')).toEqual(['Quiet Library: 44.97991, -93.27020']);
    expect(itemsOf(geocoding, 'Not found')).toEqual(['Lost Cafe']);
    expect(within(geocoding).getByText(/3 restrooms without coordinates still to check/)).toBeTruthy();

    fireEvent.click(within(geocoding).getByRole('button', { name: 'Continue' }));
    await within(geocoding).findByText('Checked 5 restrooms: 2 placed, 1 not found.');
    expect(itemsOf(geocoding, 'Placed')).toEqual(['Quiet Library: 44.97991, -93.27020', 'Park Hall: 44.97000, -93.28000']);
    expect(within(geocoding).getByText('No more restrooms without coordinates to check.')).toBeTruthy();
    expect(within(geocoding).queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(bodiesSent(sendWrite)).toEqual([
      ['/api/admin/tools/geocode', {}],
      ['/api/admin/tools/geocode', { afterId: id(2) }],
    ]);
    const keys = sendWrite.mock.calls.map(([request]) => (request as WriteRequest).idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });

  it("says so in the server's words when the geocoder fails", async () => {
    const message = 'The geocoder did not answer. Try again in a moment. Nothing was changed.';
    const { geocoding } = await renderTools({ sendWrite: () => Promise.reject(new HttpError(502, { statusCode: 502, error: 'Bad Gateway', message })) });
    fireEvent.click(within(geocoding).getByRole('button', { name: 'Geocode restrooms without coordinates' }));
    expect((await within(geocoding).findByRole('alert')).textContent).toBe(message);
  });

  it('fills hours for a range picked from the restrooms on the device, and continues with the rest of the range', async () => {
    const first: HoursToolReport = {
      checked: 200,
      updated: [{ id: id(10), name: 'Quiet Library', hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: 900, close: 1700 })) }],
      unchanged: 20,
      noPlace: 170,
      failed: 9,
      remaining: 4,
      nextMinId: id(25),
    };
    const second: HoursToolReport = { checked: 4, updated: [], unchanged: 1, noPlace: 3, failed: 0, remaining: 0, nextMinId: null };
    const sendWrite = vi.fn().mockResolvedValueOnce(first).mockResolvedValueOnce(second);
    const { hours } = await renderTools({ sendWrite });

    fireEvent.click(await within(hours).findByRole('button', { name: 'From the first restroom to the last' }));
    expect((within(hours).getByLabelText('Min restroom id') as HTMLInputElement).value).toBe(id(10));
    expect((within(hours).getByLabelText('Max restroom id') as HTMLInputElement).value).toBe(id(30));
    // Each end is named, so the admin sees which restroom an id is.
    expect(within(hours).getByText('Quiet Library')).toBeTruthy();
    expect(within(hours).getByText('Park Hall')).toBeTruthy();

    fireEvent.click(within(hours).getByRole('button', { name: 'Fill opening hours' }));
    expect((await within(hours).findByRole('status')).textContent).toBe(
      'Checked 200 restrooms: 1 updated, 20 unchanged, 170 without an OpenStreetMap place, 9 without hours OpenStreetMap could give.',
    );
    expect(itemsOf(hours, 'New hours')).toEqual(['Quiet Library: Mon–Fri 9am - 5pm']);

    fireEvent.click(within(hours).getByRole('button', { name: 'Continue' }));
    await within(hours).findByText(/^Checked 204 restrooms: 1 updated, 21 unchanged/);
    expect(within(hours).getByText('The whole range has been checked.')).toBeTruthy();
    expect(bodiesSent(sendWrite)).toEqual([
      ['/api/admin/tools/hours', { minId: id(10), maxId: id(30) }],
      ['/api/admin/tools/hours', { minId: id(25), maxId: id(30) }],
    ]);
  });

  it('checks the range before sending: both ids needed, ids only, in order', async () => {
    const sendWrite = vi.fn();
    const { hours } = await renderTools({ sendWrite });
    const fill = () => fireEvent.click(within(hours).getByRole('button', { name: 'Fill opening hours' }));
    const type = (label: string, value: string) => fireEvent.change(within(hours).getByLabelText(label), { target: { value } });

    fill();
    expect(within(hours).getByRole('alert').textContent).toBe('Enter the min restroom id, or pick a restroom from the list.');
    expect(within(hours).getByLabelText('Min restroom id').getAttribute('aria-invalid')).toBe('true');

    type('Min restroom id', 'library');
    fill();
    expect(within(hours).getByRole('alert').textContent).toMatch(/^Min restroom id must be a restroom id/);

    type('Min restroom id', id(30));
    type('Max restroom id', id(10));
    fill();
    expect(within(hours).getByRole('alert').textContent).toBe('The max id must not come before the min id.');
    expect(within(hours).getByLabelText('Max restroom id').getAttribute('aria-invalid')).toBe('true');
    expect(sendWrite).not.toHaveBeenCalled();
  });

  it('says the tools need a connection when offline, and sends nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const sendWrite = vi.fn();
    const { geocoding, hours } = await renderTools({ sendWrite });
    const page = screen.getByRole('region', { name: 'Geocoding and places tools' });
    expect(within(page).getAllByRole('status')[0]!.textContent).toBe('These tools need a connection.');

    fireEvent.click(within(geocoding).getByRole('button', { name: 'Geocode restrooms without coordinates' }));
    expect((await within(geocoding).findByRole('alert')).textContent).toBe('These tools need a connection.');
    fireEvent.change(within(hours).getByLabelText('Min restroom id'), { target: { value: id(10) } });
    fireEvent.change(within(hours).getByLabelText('Max restroom id'), { target: { value: id(30) } });
    fireEvent.click(within(hours).getByRole('button', { name: 'Fill opening hours' }));
    expect((await within(hours).findByRole('alert')).textContent).toBe('These tools need a connection.');
    expect(sendWrite).not.toHaveBeenCalled();
  });
});

describe('ApiToolsPage — the way back', () => {
  it("leads back to /admin with 'Back to admin', and on to the other admin pages", async () => {
    const { router } = await renderRoute('/api', { services: testServices(fakeApiClient({})), user: admin });
    await screen.findByRole('heading', { level: 1, name: 'Geocoding and places tools' });

    const others = screen.getByRole('navigation', { name: 'Other admin pages' });
    expect(within(others).getAllByRole('link').map((link) => link.textContent)).toEqual(['Edit bathrooms', 'Load bathrooms from Refuge', 'User Contact Details']);
    fireEvent.click(screen.getByRole('link', { name: 'Back to admin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  }, 30_000);
});
