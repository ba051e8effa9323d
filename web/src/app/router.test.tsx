import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { InitialEntry } from 'react-router-dom';
import type { User } from '@allstall/shared';
import { HttpError } from '../lib/api/api-client';
import { makeUser } from '../test/fixtures';
import { renderRoute } from '../test/render-route';
import { fakeApiClient, testServices } from '../test/services';

/** Every route at `path` on services with a scripted api, `user` signed in (or a guest). */
function renderAt(path: InitialEntry, { user = null, api = fakeApiClient() }: { user?: User | null; api?: ReturnType<typeof fakeApiClient> } = {}) {
  return renderRoute(path, { services: testServices(api), user });
}

describe('routes', () => {
  it('redirects / to /bathrooms', async () => {
    const { router } = await renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Find a bathroom' });
    expect(router.state.location.pathname).toBe('/bathrooms');
  });

  it('answers unknown paths with a 404 heading', async () => {
    await renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: /404/ })).toBeTruthy();
  });

  it('shows the login screen on /user for a guest, and the profile once signed in', async () => {
    const user = makeUser({ username: 'River' });
    await renderAt('/user', { api: fakeApiClient({ login: () => Promise.resolve(user) }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'River' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-enough-passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'River' })).toBeTruthy();
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
  });

  it('sends signed-in people away from /login and /registration', async () => {
    const first = await renderAt('/login', { user: makeUser() });
    await screen.findByRole('heading', { level: 1, name: 'Find a bathroom' });
    expect(first.router.state.location.pathname).toBe('/bathrooms');
  });

  it('returns a person sent by a login prompt to where they were, once logged in', async () => {
    const user = makeUser({ username: 'River' });
    const from = { pathname: '/about', search: '', hash: '' };
    const { router } = await renderAt({ pathname: '/login', state: { from } }, { api: fakeApiClient({ login: () => Promise.resolve(user) }) });
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'River' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-enough-passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { level: 1, name: 'Did you know?' });
    expect(router.state.location.pathname).toBe('/about');
  });

  it('sends non-admins from admin pages to /user', async () => {
    const { router } = await renderAt('/admin/users', { user: makeUser({ is_admin: false }) });
    await screen.findByText(/Joined/);
    expect(router.state.location.pathname).toBe('/user');
  });

  it('lets admins in and shows them the Admin drawer link', async () => {
    await renderAt('/admin', { user: makeUser({ is_admin: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin', hidden: true }).getAttribute('href')).toBe('/admin/');
  });

  it('asks guests on /addbathroom to log in, and Cancel goes back to the list', async () => {
    const { router } = await renderAt('/addbathroom');
    expect(await screen.findByText('Come here often? Log in to add a bathroom!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    await screen.findByRole('heading', { level: 1, name: 'Find a bathroom' });
    expect(router.state.location.pathname).toBe('/bathrooms');
  });
});

describe('login and registration messages', () => {
  it('asks for both fields before calling the server', async () => {
    await renderAt('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter your username and password!');
  });

  it('says the credentials did not match on a 401', async () => {
    await renderAt('/login', { api: fakeApiClient({ login: () => Promise.reject(new HttpError(401, null)) }) });
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'sam' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText("Oops! The username and password didn't match. Try again!")).toBeTruthy();
  });

  it("shows the password rule's reason before registering", async () => {
    await renderAt('/registration');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'sam' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('alert').textContent).toMatch(/at least 15 characters/);
  });
});
