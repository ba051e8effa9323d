import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConfirmationResult, Restroom, User } from '@allstall/shared';
import { NetworkError, type ApiClient, type WriteRequest } from '@/lib/api/api-client';
import { metaSet } from '@/lib/db/db';
import { makeRestroom, makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, seedRestrooms, storedRestrooms, testServices } from '@/test/services';

const offline = () => Promise.reject(new NetworkError(new TypeError('offline')));
const BUTTON = 'Still there and as described';
const THANKS = 'Thanks! You confirmed it today.';
const DAY_MS = 24 * 60 * 60 * 1000;

async function openDetail(restroom: Restroom, user: User | null, api: Partial<ApiClient> = {}) {
  const services = testServices(fakeApiClient({ restroomDetail: offline, sendWrite: offline, ...api }));
  await seedRestrooms(services, [restroom]);
  const rendered = await renderRoute(`/bathrooms/${restroom.id}`, { services, user });
  await screen.findByRole('heading', { level: 1, name: restroom.name });
  return rendered;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("'Still there' on the detail page", () => {
  it('asks a guest to log in and queues nothing', async () => {
    const { services } = await openDetail(makeRestroom({ name: 'Quiet Library' }), null);
    fireEvent.click(await screen.findByRole('button', { name: BUTTON }));
    const prompt = screen.getByRole('dialog', { name: 'Hey, stranger.' });
    expect(prompt.textContent).toContain("Log in to confirm it's still there.");
    expect(within(prompt).getByRole('link', { name: 'Log in' })).toBeTruthy();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await services.db.outbox.count()).toBe(0);
    expect(screen.queryByText(THANKS)).toBeNull();
  });

  it('signed in: one tap sends one confirmation, thanks the person and puts the button away; the listing reads as confirmed today', async () => {
    const restroom = makeRestroom({ name: 'Cafe Q', last_confirmed_at: null });
    const user = makeUser();
    const requests: WriteRequest[] = [];
    const sendWrite = async (request: WriteRequest): Promise<unknown> => {
      requests.push(request);
      const answer: ConfirmationResult = { version: '7', restroom: { ...restroom, last_confirmed_at: new Date().toISOString() }, counted: true };
      return answer;
    };
    const { services } = await openDetail(restroom, user, { sendWrite });

    fireEvent.click(await screen.findByRole('button', { name: BUTTON }));

    expect((await screen.findByText(THANKS)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
    await waitFor(async () => expect(await services.db.outbox.count()).toBe(0));
    expect(requests.map((request) => [request.method, request.path, request.body])).toEqual([['POST', '/api/confirmations', { restroom_id: restroom.id }]]);
    expect(await screen.findByText('Confirmed by a visitor today')).toBeTruthy();
    expect((await storedRestrooms(services.db)).get(restroom.id)?.last_confirmed_at).not.toBeNull();
  });

  it('offline: thanks the person, shows the confirmation as not sent yet, and keeps it on the device (a reload still thanks)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const restroom = makeRestroom({ name: 'Depot' });
    const user = makeUser();
    const { services } = await openDetail(restroom, user);

    fireEvent.click(await screen.findByRole('button', { name: BUTTON }));

    expect((await screen.findByText(THANKS)).getAttribute('role')).toBe('status');
    expect(await screen.findByText('Not sent yet')).toBeTruthy();
    expect(screen.getByText(/You're offline right now/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
    const queued = await services.db.outbox.toArray();
    expect(queued).toMatchObject([{ kind: 'confirmation', body: { restroom_id: restroom.id }, userId: user.id }]);

    cleanup();
    await renderRoute(`/bathrooms/${restroom.id}`, { services, user });
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    expect((await screen.findByText(THANKS)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
    expect(await services.db.outbox.count()).toBe(1);
  });

  it("offers the button again the next day, and not to a person who confirmed it today on this device", async () => {
    const restroom = makeRestroom({ name: 'Library' });
    const user = makeUser();
    const services = testServices(fakeApiClient({ restroomDetail: offline, sendWrite: offline }));
    await seedRestrooms(services, [restroom]);

    await metaSet(services.db, 'myConfirmations', { userId: user.id, confirmedAt: { [restroom.id]: Date.now() - 2 * DAY_MS } });
    await renderRoute(`/bathrooms/${restroom.id}`, { services, user });
    expect(await screen.findByRole('button', { name: BUTTON })).toBeTruthy();
    cleanup();

    await metaSet(services.db, 'myConfirmations', { userId: user.id, confirmedAt: { [restroom.id]: Date.now() } });
    await renderRoute(`/bathrooms/${restroom.id}`, { services, user });
    expect((await screen.findByText(THANKS)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
    cleanup();

    // Another person on the same device has not confirmed it.
    await renderRoute(`/bathrooms/${restroom.id}`, { services, user: makeUser() });
    expect(await screen.findByRole('button', { name: BUTTON })).toBeTruthy();
  });
});
