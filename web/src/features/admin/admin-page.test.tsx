import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { testServices } from '@/test/services';
import { admin, adminApi, makeFlagReview, makePendingRestroom } from './shared/admin-test-kit';

const lists = {
  '/api/admin/pending': () => Promise.resolve([makePendingRestroom({ name: 'Quiet Library' })]),
  '/api/flags': () => Promise.resolve([makeFlagReview()]),
  '/api/contact': () => Promise.resolve([]),
  '/api/users': () => Promise.resolve([admin]),
};

function renderAdmin(path: string) {
  return renderRoute(path, { services: testServices(adminApi(lists)), user: admin });
}

const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;

describe('/admin', () => {
  it('opens on Approve Bathrooms, its tabs in the spec’s order, the panel named by its tab', async () => {
    await renderAdmin('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeTruthy();
    const tablist = screen.getByRole('tablist', { name: 'Admin queues' });
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Approve Bathrooms', 'Flagged Bathrooms', 'Feedback', 'Users']);
    expect(selectedTab()).toBe('Approve Bathrooms');
    const panel = screen.getByRole('tabpanel', { name: 'Approve Bathrooms' });
    expect(await within(panel).findByRole('table', { name: 'Bathrooms to approve' })).toBeTruthy();
  });

  it.each([
    ['/admin?tab=flagged', 'Flagged Bathrooms', 'Flagged bathrooms'],
    ['/admin/comments', 'Feedback', 'No messages yet.'],
    ['/admin/users', 'Users', 'Users'],
  ])('opens %s on its tab', async (path, tab, content) => {
    await renderAdmin(path);

    const panel = await screen.findByRole('tabpanel', { name: tab });
    expect(selectedTab()).toBe(tab);
    expect(await within(panel).findAllByText(content)).not.toHaveLength(0);
  });

  it('moves between tabs with the arrow keys, Home and End, each in the address and keeping the focus', async () => {
    const { router } = await renderAdmin('/admin');
    const approve = await screen.findByRole('tab', { name: 'Approve Bathrooms' });
    approve.focus();

    fireEvent.keyDown(approve, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=flagged'));
    expect(document.activeElement?.textContent).toBe('Flagged Bathrooms');
    expect(await screen.findByRole('tabpanel', { name: 'Flagged Bathrooms' })).toBeTruthy();

    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Users'));

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Approve Bathrooms'));
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it('links to the admin pages that are not tabs', async () => {
    await renderAdmin('/admin');

    const links = within(await screen.findByRole('navigation', { name: 'Other admin pages' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Edit bathrooms', '/admin/editbathrooms'],
      ['Load bathrooms from Refuge', '/admin/addbathrooms'],
      ['User Contact Details', '/admin/contact'],
      ['Geocoding and places tools', '/api'],
    ]);
  });

  it('opens a tab on a click', async () => {
    const { router } = await renderAdmin('/admin');
    fireEvent.click(await screen.findByRole('tab', { name: 'Feedback' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/comments'));
    expect(await screen.findByRole('tabpanel', { name: 'Feedback' })).toBeTruthy();
  });

  it.each(['/admin', '/admin?tab=flagged', '/admin/editbathrooms'])('sends a signed-in non-admin from %s to /user', async (path) => {
    const { router } = await renderRoute(path, { services: testServices(adminApi({})), user: makeUser({ is_admin: false }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
  });
});
