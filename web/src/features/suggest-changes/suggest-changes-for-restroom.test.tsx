import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Restroom } from '@allstall/shared';
import { NetworkError } from '../../lib/api-client';
import { metaSet } from '../../lib/db';
import { makeRestroom, makeUser } from '../../test/fixtures';
import { fakeApiClient, testServices, TestProviders } from '../../test/services';
import { SuggestChangesForRestroom } from './suggest-changes-for-restroom';

async function renderDialog(restroom: Restroom) {
  const services = testServices(fakeApiClient({ sendWrite: () => Promise.reject(new NetworkError(new TypeError('offline'))) }));
  const user = makeUser();
  await metaSet(services.db, 'user', user);
  const onClose = vi.fn();
  render(
    <TestProviders services={services}>
      <SuggestChangesForRestroom restroom={restroom} userId={user.id} onClose={onClose} onGuest={() => {}} />
    </TestProviders>,
  );
  return { services, user, onClose, dialog: screen.getByRole('dialog', { name: 'Suggest changes here:' }) };
}

const otherControls = (dialog: HTMLElement) => [
  ...['Name', 'Street', 'City', 'State', 'Other'].map((label) => within(dialog).getByLabelText(label)),
  ...['Gender neutral/all-gender', 'Wheelchair accessible', 'Changing table', 'Single stall'].map((name) =>
    within(dialog).getByRole('checkbox', { name }),
  ),
];

afterEach(() => sessionStorage.clear());

describe('suggest changes', () => {
  it('starts from the listing, with Other empty and the closed box from is_removed', async () => {
    const { dialog } = await renderDialog(makeRestroom({ name: 'Cafe Q', street: '5 Elm St', accessible: true, is_removed: true }));
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Cafe Q');
    expect((within(dialog).getByLabelText('Street') as HTMLInputElement).value).toBe('5 Elm St');
    expect((within(dialog).getByLabelText('Other') as HTMLTextAreaElement).value).toBe('');
    expect((within(dialog).getByRole('checkbox', { name: 'Wheelchair accessible' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Location is permanently closed' }) as HTMLInputElement).checked).toBe(true);
  });

  it('disables every other field while the closed box is checked', async () => {
    const { dialog } = await renderDialog(makeRestroom({ is_removed: false }));
    const closed = within(dialog).getByRole('checkbox', { name: 'Location is permanently closed' });
    expect(otherControls(dialog).every((control) => !(control as HTMLInputElement).matches(':disabled'))).toBe(true);

    fireEvent.click(closed);
    expect(otherControls(dialog).every((control) => (control as HTMLInputElement).matches(':disabled'))).toBe(true);
    expect((closed as HTMLInputElement).disabled).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Submit changes' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('opening on a closed place, focus skips the disabled fields for the closed box', async () => {
    const { dialog } = await renderDialog(makeRestroom({ is_removed: true }));
    expect(document.activeElement).toBe(within(dialog).getByRole('checkbox', { name: 'Location is permanently closed' }));
  });

  it('shows a missing name by its field and queues nothing', async () => {
    const { dialog, services } = await renderDialog(makeRestroom());
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit changes' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Name is required.');
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await services.db.outbox.count()).toBe(0);
  });

  it('queues the suggestion and thanks the person', async () => {
    const restroom = makeRestroom({ name: 'Cafe Q' });
    const { dialog, services, user, onClose } = await renderDialog(restroom);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Changing table' }));
    fireEvent.change(within(dialog).getByLabelText('Other'), { target: { value: 'Door code 1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit changes' }));

    expect(await screen.findByRole('alertdialog', { name: 'Thank you for sharing!' })).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    const rows = await services.db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'flag',
      userId: user.id,
      body: { restroom_id: restroom.id, name: 'Cafe Q', changing_table: true, other: 'Door code 1234', is_closed: false },
    });
  });
});
