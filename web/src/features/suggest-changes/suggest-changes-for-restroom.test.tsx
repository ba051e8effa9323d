import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Restroom } from '@allstall/shared';
import { NetworkError } from '@/lib/api/api-client';
import { metaSet } from '@/lib/db/db';
import { makeRestroom, makeUser } from '@/test/fixtures';
import { fakeApiClient, testServices, TestProviders } from '@/test/services';
import type { ChoiceField } from '@/components/listing-choices';
import { SuggestChangesForRestroom } from './suggest-changes-for-restroom';

const GROUPS = ['Gender-neutral', 'Wheelchair accessible', 'Changing table', 'Single stall', 'Menstrual products', 'Who may use it?', 'Free to use'];
const group = (dialog: HTMLElement, name: string) => within(dialog).getByRole('group', { name });
const radio = (dialog: HTMLElement, name: string, choice: string) => within(group(dialog, name)).getByRole('radio', { name: choice }) as HTMLInputElement;
/** The checked choice of each group, in the form's order. */
const answers = (dialog: HTMLElement) =>
  GROUPS.map((name) => within(group(dialog, name)).getAllByRole('radio').find((r) => (r as HTMLInputElement).checked)?.closest('label')?.textContent);

async function renderDialog(restroom: Restroom, focusField?: ChoiceField) {
  const services = testServices(fakeApiClient({ sendWrite: () => Promise.reject(new NetworkError(new TypeError('offline'))) }));
  const user = makeUser();
  await metaSet(services.db, 'user', user);
  const onClose = vi.fn();
  render(
    <TestProviders services={services}>
      <SuggestChangesForRestroom restroom={restroom} userId={user.id} onClose={onClose} onGuest={() => {}} focusField={focusField} />
    </TestProviders>,
  );
  return { services, user, onClose, dialog: screen.getByRole('dialog', { name: 'Suggest changes here:' }) };
}

const otherControls = (dialog: HTMLElement) => [
  ...['Name', 'Street', 'City', 'State', 'Other'].map((label) => within(dialog).getByLabelText(label)),
  ...GROUPS.flatMap((name) => within(group(dialog, name)).getAllByRole('radio')),
];

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

/** A second dialog in the same test: the first is cleaned up first. */
async function renderUnknownAccess() {
  cleanup();
  return renderDialog(makeRestroom({ access: null }));
}

describe('suggest changes', () => {
  it('starts from the listing, with Other empty and the closed box from is_removed', async () => {
    const { dialog } = await renderDialog(makeRestroom({ name: 'Cafe Q', street: '5 Elm St', accessible: true, is_removed: true }));
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Cafe Q');
    expect((within(dialog).getByLabelText('Street') as HTMLInputElement).value).toBe('5 Elm St');
    expect((within(dialog).getByLabelText('Other') as HTMLTextAreaElement).value).toBe('');
    expect(radio(dialog, 'Wheelchair accessible', 'Yes').checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Location is permanently closed' }) as HTMLInputElement).checked).toBe(true);
  });

  it("starts each group from the restroom's yes, no or unknown (Not sure), and who may use it", async () => {
    const { dialog } = await renderDialog(
      makeRestroom({ unisex: null, accessible: true, changing_table: false, is_single_stall: null, menstrual_products: true, access: 'key' }),
    );
    expect(answers(dialog)).toEqual(['Not sure', 'Yes', 'No', 'Not sure', 'Yes', 'Ask for a key', 'Not sure']);
    const { dialog: unknownAccess } = await renderUnknownAccess();
    expect(radio(unknownAccess, 'Who may use it?', 'Not sure').checked).toBe(true);
  });

  it('focuses the Yes of the group it was opened for', async () => {
    const { dialog } = await renderDialog(makeRestroom({ is_single_stall: null }), 'is_single_stall');
    expect(document.activeElement).toBe(radio(dialog, 'Single stall', 'Yes'));
  });

  it("focuses 'Who may use it?' when opened for access", async () => {
    const { dialog } = await renderDialog(makeRestroom({ access: null }), 'access');
    expect(document.activeElement).toBe(radio(dialog, 'Who may use it?', 'Open to the public'));
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

  it('opened for a field of a closed place, focus still goes to the closed box: the groups are disabled', async () => {
    const { dialog } = await renderDialog(makeRestroom({ is_removed: true, unisex: null }), 'unisex');
    expect(radio(dialog, 'Gender-neutral', 'Yes').matches(':disabled')).toBe(true);
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
    fireEvent.click(radio(dialog, 'Changing table', 'Yes'));
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

  it("suggests new hours in the add form's editor, opened on the listing's hours, and queues the week", async () => {
    const restroom = makeRestroom({ hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: 900, close: 1700 })) });
    const { dialog, services } = await renderDialog(restroom);
    expect(within(dialog).queryByRole('group', { name: 'Opening hours' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Suggest new hours' }));
    const hours = within(dialog).getByRole('group', { name: 'Opening hours' });
    expect((within(hours).getByLabelText('Monday opens') as HTMLInputElement).value).toBe('09:00');
    fireEvent.change(within(hours).getByLabelText('Saturday'), { target: { value: 'open' } });
    fireEvent.change(within(hours).getByLabelText('Saturday closes'), { target: { value: '13:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit changes' }));

    await screen.findByRole('alertdialog', { name: 'Thank you for sharing!' });
    const [row] = await services.db.outbox.toArray();
    expect(row?.body).toMatchObject({ hours: expect.arrayContaining([{ day: 6, open: 900, close: 1300 }, { day: 1, open: 900, close: 1700 }]) });
  });

  it('shows a blank time by the hours and queues nothing', async () => {
    const { dialog, services } = await renderDialog(makeRestroom({ hours: [{ day: 1, open: 900, close: 1700 }] }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Suggest new hours' }));
    fireEvent.change(within(dialog).getByLabelText('Monday closes'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit changes' }));
    const hours = within(dialog).getByRole('group', { name: 'Opening hours' });
    expect(within(hours).getByRole('alert').textContent).toBe('Enter both times for Monday, or mark it closed.');
    expect(await services.db.outbox.count()).toBe(0);
  });

  it("starts 'Free to use' from the restroom's fee, focuses it when opened for it, and queues the fee chosen", async () => {
    const { dialog: paid } = await renderDialog(makeRestroom({ fee: 'paid' }));
    expect(radio(paid, 'Free to use', 'No').checked).toBe(true);
    cleanup();
    const restroom = makeRestroom({ fee: null });
    const { dialog, services } = await renderDialog(restroom, 'fee');
    expect(radio(dialog, 'Free to use', 'Not sure').checked).toBe(true);
    expect(document.activeElement).toBe(radio(dialog, 'Free to use', 'Yes'));
    fireEvent.click(radio(dialog, 'Free to use', 'Yes'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit changes' }));

    await screen.findByRole('alertdialog', { name: 'Thank you for sharing!' });
    const [row] = await services.db.outbox.toArray();
    expect(row?.body).toMatchObject({ restroom_id: restroom.id, fee: 'free' });
  });

  it("queues null for what the person is not sure of, and the access they chose", async () => {
    const restroom = makeRestroom({ unisex: true, accessible: false, access: null });
    const { dialog, services } = await renderDialog(restroom);
    fireEvent.click(radio(dialog, 'Gender-neutral', 'Not sure'));
    fireEvent.click(radio(dialog, 'Wheelchair accessible', 'Yes'));
    fireEvent.click(radio(dialog, 'Who may use it?', 'Customers only'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit changes' }));

    await screen.findByRole('alertdialog', { name: 'Thank you for sharing!' });
    const [row] = await services.db.outbox.toArray();
    expect(row?.body).toMatchObject({ restroom_id: restroom.id, unisex: null, accessible: true, access: 'customers' });
    expect(row?.body).toHaveProperty('unisex', null);
  });
});
