import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API_ERROR_MESSAGES, type FlagBody } from '@allstall/shared';
import { HttpError, NetworkError } from '@/lib/api/api-client';
import { activateLocale, i18n } from '@/lib/i18n/i18n';
import { makeOutboxRow, makeRestroom, makeUser, testId } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, seedRestrooms, testServices } from '@/test/services';
import type { Services } from '@/lib/services';

const offline = () => Promise.reject(new NetworkError(new TypeError('offline')));

function flagBody(restroomId: string, overrides: Partial<FlagBody> = {}): FlagBody {
  return {
    restroom_id: restroomId,
    name: '',
    street: '1 Main St',
    city: 'Minneapolis',
    state: 'MN',
    accessible: false,
    changing_table: false,
    unisex: true,
    menstrual_products: false,
    is_single_stall: false,
    other: '',
    is_closed: false,
    ...overrides,
  };
}

async function setUp() {
  const user = makeUser();
  const restroom = makeRestroom({ name: 'Quiet Library' });
  const services = testServices(fakeApiClient({ sendWrite: offline }));
  await seedRestrooms(services, [restroom]);
  const failed = makeOutboxRow(
    { kind: 'flag', body: flagBody(restroom.id) },
    { userId: user.id, status: 'failed', lastError: 'Name is required.', lastErrorField: 'name', createdAt: 1 },
  );
  const sending = makeOutboxRow(
    { kind: 'feedback', body: { restroom_id: restroom.id, upvote: 1, downvote: 0, comment: 'Lovely' } },
    { userId: user.id, status: 'sending', createdAt: 2 },
  );
  const theirs = makeOutboxRow({ kind: 'contact', body: { details: 'Someone else' } }, { userId: testId(), createdAt: 3 });
  await services.db.outbox.bulkPut([failed, sending, theirs]);
  await renderRoute('/user', { services, user });
  const section = await screen.findByRole('region', { name: 'Waiting to be sent' });
  return { services, failed, section };
}

const itemTitled = (section: HTMLElement, title: string) => within(section).getByText(title).closest('li')!;

/**
 * A saved edit is sent at once, and without a connection it is back to waiting after one try; while
 * that try is under way the write is 'sending' and can be neither discarded nor edited.
 */
async function afterTheFirstTry(services: Services, id: string) {
  await waitFor(async () => expect(await services.db.outbox.get(id)).toMatchObject({ status: 'pending', attempts: 1 }));
  return (await services.db.outbox.get(id))!;
}

describe('Waiting to be sent', () => {
  it("lists this person's writes in words, with the server's reason for a refusal", async () => {
    const { section } = await setUp();
    expect(section.id).toBe('waiting');
    const failed = within(itemTitled(section, 'Suggested changes to Quiet Library'));
    expect(failed.getByText("Couldn't be sent: Name is required.")).toBeTruthy();
    expect(failed.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(failed.getByRole('button', { name: 'Discard' })).toBeTruthy();

    const sending = within(itemTitled(section, 'Feedback on Quiet Library'));
    expect(sending.getByText('Thumbs up')).toBeTruthy();
    expect(sending.getByText('“Lovely”')).toBeTruthy();
    expect(sending.getByText('Sending…')).toBeTruthy();
    expect(sending.queryByRole('button')).toBeNull();

    expect(within(section).queryByText('Message to the team')).toBeNull();
  });

  it('edits a refused write in its own dialog and queues it again', async () => {
    const { services, failed, section } = await setUp();
    fireEvent.click(within(itemTitled(section, 'Suggested changes to Quiet Library')).getByRole('button', { name: 'Edit' }));

    const dialog = screen.getByRole('dialog', { name: 'Suggest changes here:' });
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Name is required.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Street') as HTMLInputElement).value).toBe('1 Main St');

    fireEvent.change(name, { target: { value: 'Quiet Library Annex' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Suggest changes here:' })).toBeNull());
    const row = await afterTheFirstTry(services, failed.id);
    expect(row).toMatchObject({ body: { name: 'Quiet Library Annex', street: '1 Main St' } });
    expect(await within(itemTitled(section, 'Suggested changes to Quiet Library')).findByText('Not sent yet')).toBeTruthy();
  });

  it('discards a write after confirmation', async () => {
    const { services, failed, section } = await setUp();
    fireEvent.click(within(itemTitled(section, 'Suggested changes to Quiet Library')).getByRole('button', { name: 'Discard' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, discard it' }));

    await waitFor(async () => expect(await services.db.outbox.get(failed.id)).toBeUndefined());
    await waitFor(() => expect(within(section).queryByText('Suggested changes to Quiet Library')).toBeNull());
  });

  it('moves focus to the heading when the button that had it goes: after Discard, after a saved Edit', async () => {
    const { services, failed, section } = await setUp();
    const heading = within(section).getByRole('heading', { name: 'Waiting to be sent' });
    const edit = within(itemTitled(section, 'Suggested changes to Quiet Library')).getByRole('button', { name: 'Edit' });
    edit.focus();
    fireEvent.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Suggest changes here:' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Quiet Library Annex' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit changes' }));
    await within(itemTitled(section, 'Suggested changes to Quiet Library')).findByText('Not sent yet');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(section).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(document.activeElement).toBe(heading);
    await afterTheFirstTry(services, failed.id);

    // The list follows the stored row a moment later: Discard is back once it no longer says 'Sending…'.
    const discard = await within(itemTitled(section, 'Suggested changes to Quiet Library')).findByRole('button', { name: 'Discard' });
    discard.focus();
    fireEvent.click(discard);
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes, discard it' }));
    await waitFor(() => expect(within(section).queryByText('Suggested changes to Quiet Library')).toBeNull());
    expect(document.activeElement).toBe(heading);
  });

  it("lists a waiting 'Still there' by the restroom's name; one the server refused can be discarded, not edited", async () => {
    const user = makeUser();
    const restroom = makeRestroom({ name: 'Quiet Library' });
    const services = testServices(fakeApiClient({ sendWrite: offline }));
    await seedRestrooms(services, [restroom]);
    await services.db.outbox.bulkPut([
      makeOutboxRow({ kind: 'confirmation', body: { restroom_id: restroom.id } }, { userId: user.id, status: 'failed', lastError: 'No such bathroom.' }),
    ]);
    await renderRoute('/user', { services, user });
    const section = await screen.findByRole('region', { name: 'Waiting to be sent' });
    const item = within(await within(section).findByText('Still there: Quiet Library').then((title) => title.closest('li')!));
    expect(item.getByText("Couldn't be sent: No such bathroom.")).toBeTruthy();
    expect(item.getByRole('button', { name: 'Discard' })).toBeTruthy();
    expect(item.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('offers only Discard for a write held so long that the server forgot its key, since an edit would be refused the same way', async () => {
    const user = makeUser();
    const restroom = makeRestroom({ name: 'Quiet Library' });
    const services = testServices(fakeApiClient({ sendWrite: offline }));
    await seedRestrooms(services, [restroom]);
    const expired = API_ERROR_MESSAGES['idempotency.keyExpired'];
    await services.db.outbox.bulkPut([
      makeOutboxRow(
        { kind: 'flag', body: flagBody(restroom.id) },
        { userId: user.id, status: 'failed', lastError: expired, lastErrorMessage: { id: 'server.idempotency.keyExpired' } },
      ),
    ]);
    await renderRoute('/user', { services, user });
    const section = await screen.findByRole('region', { name: 'Waiting to be sent' });
    const item = within(itemTitled(section, 'Suggested changes to Quiet Library'));
    expect(item.getByText(`Couldn't be sent: ${expired}`)).toBeTruthy();
    expect(item.getByRole('button', { name: 'Discard' })).toBeTruthy();
    expect(item.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('Waiting to be sent, in Spanish', () => {
  afterEach(() => activateLocale('en'));

  it("says an offline write's state and a server refusal by its code in Spanish, reasons stored in English included", async () => {
    // The api's codes are catalogued in server.json (both languages); this one stands for any of them.
    i18n.load({ en: { 'server.test.nameRequired': '{field} is required.' }, es: { 'server.test.nameRequired': 'Falta {field}.' } });
    const user = makeUser();
    const restroom = makeRestroom({ name: 'Quiet Library' });
    let answer: () => Promise<unknown> = offline;
    const services = testServices(fakeApiClient({ sendWrite: () => answer() }));
    await seedRestrooms(services, [restroom]);
    await renderRoute('/user', { services, user });

    // Queued and refused while the app spoke English: the row keeps the server's code beside its words.
    answer = () => Promise.reject(new HttpError(400, { statusCode: 400, error: 'Bad Request', message: 'details is required.', code: 'test.nameRequired', params: { field: 'details' } }));
    const refused = await services.outbox.enqueue({ kind: 'contact', body: { details: 'Hola' } }, user.id);
    await waitFor(async () => expect((await services.db.outbox.get(refused.id))?.status).toBe('failed'));
    answer = offline;
    await services.outbox.enqueue({ kind: 'feedback', body: { restroom_id: restroom.id, upvote: 1, downvote: 0, comment: 'Limpio' } }, user.id);
    const english = await screen.findByRole('region', { name: 'Waiting to be sent' });
    await within(english).findByText("Couldn't be sent: details is required.");

    await act(() => activateLocale('es'));
    const section = await screen.findByRole('region', { name: 'Esperando para enviarse' });
    const failed = within(within(section).getByText('Mensaje para el equipo').closest('li')!);
    expect(failed.getByText('No se pudo enviar: Falta details.')).toBeTruthy();
    expect(failed.getByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(failed.getByRole('button', { name: 'Descartar' })).toBeTruthy();
    const waiting = within(within(section).getByText('Opinión sobre Quiet Library').closest('li')!);
    expect(waiting.getByText('Pulgar arriba')).toBeTruthy();
    expect(await waiting.findByText('Aún no se envió')).toBeTruthy();
  });
});
