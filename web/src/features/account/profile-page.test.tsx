import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { activateLocale } from '@/lib/i18n/i18n';
import { NetworkError } from '@/lib/api/api-client';
import { metaSet } from '@/lib/db/db';
import { makeComment, makeNewRestroomBody, makeOutboxRow, makeRestroom, makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, seedRestrooms, testServices } from '@/test/services';

const offline = () => Promise.reject(new NetworkError(new TypeError('offline')));

async function renderProfile() {
  const user = makeUser({ username: 'River' });
  const restroom = makeRestroom({ name: 'Quiet Library' });
  const services = testServices(fakeApiClient({ sendWrite: offline }));
  await seedRestrooms(services, [restroom]);
  return { user, restroom, services };
}

const myComments = () => within(screen.getByRole('list', { name: 'My comments' }));

describe('ProfilePage comments', () => {
  it("deletes a comment only after 'Yes, flush it!', and it disappears at once", async () => {
    const { user, restroom, services } = await renderProfile();
    const comment = makeComment({ restroom_id: restroom.id, user_id: user.id, content: 'Clean and quiet.' });
    await services.db.comments.put(comment);
    await renderRoute('/user', { services, user });

    await screen.findByText('Clean and quiet.');
    expect(myComments().getByRole('link', { name: 'Quiet Library' }).getAttribute('href')).toBe(`/bathrooms/${restroom.id}`);

    fireEvent.click(myComments().getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(confirm.textContent).toContain("You won't be able to revert this!");
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await services.db.outbox.count()).toBe(0);

    fireEvent.click(myComments().getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, flush it!' }));

    const deleted = await screen.findByRole('alertdialog', { name: 'Deleted!' });
    expect(deleted.textContent).toContain('Your comment has been deleted.');
    const rows = await services.db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'comment-delete', userId: user.id, body: { comment_id: comment.id } });
    await waitFor(() => expect(screen.queryByText('Clean and quiet.', { selector: '.profile__comments p' })).toBeNull());
  });

  it("moves focus to 'My comments:' once a deleted comment and its Delete button have gone", async () => {
    const { user, restroom, services } = await renderProfile();
    await services.db.comments.bulkPut([
      makeComment({ restroom_id: restroom.id, user_id: user.id, content: 'Going' }),
      makeComment({ restroom_id: restroom.id, user_id: user.id, content: 'Staying' }),
    ]);
    await renderRoute('/user', { services, user });

    const item = (await screen.findByText('Going', { selector: '.profile__comments p' })).closest('li')!;
    const button = within(item).getByRole('button', { name: 'Delete' });
    button.focus();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, flush it!' }));
    const deleted = await screen.findByRole('alertdialog', { name: 'Deleted!' });
    await waitFor(() => expect(screen.queryByText('Going', { selector: '.profile__comments p' })).toBeNull());
    fireEvent.click(within(deleted).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'My comments:' }));
  });

  it('lists comments still in queued feedback as "Not sent yet"; deleting one keeps the thumb and drops the words', async () => {
    const { user, restroom, services } = await renderProfile();
    const row = makeOutboxRow(
      { kind: 'feedback', body: { restroom_id: restroom.id, upvote: 1, downvote: 0, comment: 'Queued words' } },
      { userId: user.id },
    );
    await services.db.outbox.put(row);
    await renderRoute('/user', { services, user });

    const item = (await screen.findByText('Queued words', { selector: '.profile__comments p' })).closest('li')!;
    expect(within(item).getByText('Not sent yet')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, flush it!' }));

    expect(await screen.findByRole('alertdialog', { name: 'Deleted!' })).toBeTruthy();
    const rows = await services.db.outbox.toArray();
    expect(rows).toHaveLength(1);
    // The same write, now without its comment: nothing about the comment ever reaches the server.
    expect(rows[0]).toMatchObject({ id: row.id, kind: 'feedback' });
    expect(rows[0]!.body).toEqual({ restroom_id: restroom.id, upvote: 1, downvote: 0 });
    await waitFor(() => expect(screen.queryByText('Queued words', { selector: '.profile__comments p' })).toBeNull());
  });

  it('drops queued feedback altogether when its comment was all it carried', async () => {
    const { user, restroom, services } = await renderProfile();
    await services.db.outbox.put(
      makeOutboxRow({ kind: 'feedback', body: { restroom_id: restroom.id, upvote: 0, downvote: 0, comment: 'Only words' } }, { userId: user.id }),
    );
    await renderRoute('/user', { services, user });

    await screen.findByText('Only words', { selector: '.profile__comments p' });
    fireEvent.click(myComments().getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, flush it!' }));
    expect(await screen.findByRole('alertdialog', { name: 'Deleted!' })).toBeTruthy();
    expect(await services.db.outbox.count()).toBe(0);
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
  });
});

const added = () => within(screen.getByRole('list', { name: 'Bathrooms you added' }));
const addedItem = (name: string) => within(added().getByText(name).closest('li')!);

describe('ProfilePage, bathrooms you added', () => {
  it('shows each with where it stands: not sent yet, waiting for review, published or not accepted', async () => {
    const { user, services } = await renderProfile();
    const published = makeRestroom({ name: 'Published Place', status: 'pending', created_at: '2026-11-01T00:00:00.000Z' });
    const pending = makeRestroom({ name: 'Pending Place', street: '5 Elm St', city: 'Minneapolis', status: 'pending', created_at: '2026-11-02T00:00:00.000Z' });
    const rejected = makeRestroom({ name: 'Rejected Place', status: 'rejected', created_at: '2026-10-01T00:00:00.000Z' });
    await metaSet(services.db, 'myRestrooms', { userId: user.id, restrooms: [published, pending, rejected] });
    // Approved since the receipt came: the mirror knows first.
    await seedRestrooms(services, [{ ...published, status: 'approved' }]);
    await services.db.outbox.put(makeOutboxRow({ kind: 'restroom', body: makeNewRestroomBody({ name: 'Queued Place' }) }, { userId: user.id }));
    await services.db.outbox.put(makeOutboxRow({ kind: 'restroom', body: makeNewRestroomBody({ name: 'Not Mine' }) }, { userId: makeUser().id }));
    await renderRoute('/user', { services, user });

    expect(await screen.findByRole('heading', { level: 2, name: 'Bathrooms you added' })).toBeTruthy();
    const names = added().getAllByRole('listitem').map((item) => item.querySelector('.my-restrooms__name')?.textContent);
    expect(names).toEqual(['Queued Place', 'Pending Place', 'Published Place', 'Rejected Place']);

    expect(addedItem('Queued Place').getByText('Waiting for review')).toBeTruthy();
    expect(addedItem('Queued Place').getByText('Not sent yet')).toBeTruthy();
    expect(addedItem('Queued Place').getByText('725 Vineland Place, Minneapolis, MN 55403')).toBeTruthy();
    expect(addedItem('Pending Place').getByText('Waiting for review')).toBeTruthy();
    expect(addedItem('Pending Place').getByText('5 Elm St, Minneapolis')).toBeTruthy();
    expect(addedItem('Pending Place').queryByText('Not sent yet')).toBeNull();
    expect(addedItem('Pending Place').queryByRole('link')).toBeNull();
    expect(addedItem('Published Place').getByText('Published')).toBeTruthy();
    expect(addedItem('Published Place').getByRole('link', { name: 'Published Place' }).getAttribute('href')).toBe(`/bathrooms/${published.id}`);
    expect(addedItem('Rejected Place').getByText('Not accepted')).toBeTruthy();
    expect(screen.queryByText('Not Mine')).toBeNull();
  });

  it("fetches the person's additions from the server, with the admins' decisions", async () => {
    const user = makeUser();
    const onServer = [
      makeRestroom({ name: 'Added Elsewhere', status: 'pending', created_at: '2026-11-03T00:00:00.000Z' }),
      makeRestroom({ name: 'Taken Down', status: 'approved', is_removed: true, created_at: '2026-11-02T00:00:00.000Z' }),
      makeRestroom({ name: 'Turned Down', status: 'rejected', created_at: '2026-11-01T00:00:00.000Z' }),
    ];
    const services = testServices(fakeApiClient({ myRestrooms: async (id) => (id === user.id ? onServer : []) }));
    await renderRoute('/user', { services, user });

    expect(await screen.findByRole('heading', { level: 2, name: 'Bathrooms you added' })).toBeTruthy();
    expect(addedItem('Added Elsewhere').getByText('Waiting for review')).toBeTruthy();
    expect(addedItem('Taken Down').getByText('Removed')).toBeTruthy();
    expect(addedItem('Taken Down').queryByRole('link')).toBeNull();
    expect(addedItem('Turned Down').getByText('Not accepted')).toBeTruthy();
  });

  it("leaves out another person's additions kept on this device, and shows no section without any", async () => {
    const { user, services } = await renderProfile();
    await metaSet(services.db, 'myRestrooms', { userId: makeUser().id, restrooms: [makeRestroom({ name: 'Theirs', status: 'pending' })] });
    await renderRoute('/user', { services, user });
    await screen.findByRole('heading', { level: 2, name: 'My comments:' });
    expect(screen.queryByRole('heading', { name: 'Bathrooms you added' })).toBeNull();
    expect(screen.queryByText('Theirs')).toBeNull();
  });

  it('fixes a refused new bathroom in the add dialog and queues it again', async () => {
    const { user, services } = await renderProfile();
    const row = makeOutboxRow(
      { kind: 'restroom', body: makeNewRestroomBody({ name: 'Walker', comment: 'Ask at the desk.' }) },
      { userId: user.id, status: 'failed', lastError: 'bathroomToAdd.name is too short.', lastErrorField: 'bathroomToAdd.name' },
    );
    await services.db.outbox.put(row);
    await renderRoute('/user', { services, user });

    const waiting = await screen.findByRole('region', { name: 'Waiting to be sent' });
    const item = within(within(waiting).getByText('New bathroom: Walker').closest('li')!);
    fireEvent.click(item.getByRole('button', { name: 'Edit' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Add more info here:' }));
    const name = dialog.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Walker');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByText('bathroomToAdd.name is too short.')).toBeTruthy();
    expect((dialog.getByRole('textbox', { name: 'Comment (public)' }) as HTMLTextAreaElement).value).toBe('Ask at the desk.');

    fireEvent.change(name, { target: { value: 'Walker Art Center' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Submit bathroom' }));

    await waitFor(async () => expect((await services.db.outbox.get(row.id))?.status).not.toBe('failed'));
    const [saved] = await services.db.outbox.toArray();
    expect(saved).toMatchObject({ id: row.id, kind: 'restroom' });
    // The form now asks 'Free to use', so the fixed write says 'Not sure' (null) where the refused one said nothing.
    expect(saved!.body).toEqual(makeNewRestroomBody({ comment: 'Ask at the desk.', placeID: null, fee: null }));
  });
});

describe('ProfilePage in Spanish', () => {
  afterEach(() => activateLocale('en'));

  it('names its sections, a queued comment and an added bathroom in Spanish, with the date in Spanish', async () => {
    await act(() => activateLocale('es'));
    const { user, restroom, services } = await renderProfile();
    await services.db.comments.put(makeComment({ restroom_id: restroom.id, user_id: user.id, content: 'Limpio y tranquilo.' }));
    await services.db.outbox.put(
      makeOutboxRow({ kind: 'feedback', body: { restroom_id: restroom.id, upvote: 1, downvote: 0, comment: 'Muy bien' } }, { userId: user.id, createdAt: 1 }),
    );
    await services.db.outbox.put(makeOutboxRow({ kind: 'restroom', body: makeNewRestroomBody({ name: 'Lugar en camino' }) }, { userId: user.id, createdAt: 2 }));
    await renderRoute('/user', { services, user });

    expect(await screen.findByRole('heading', { level: 2, name: 'Mis comentarios:' })).toBeTruthy();
    // makeUser joined on 4 March 2026 (UTC), still the 3rd in the region's time zone.
    expect(screen.getByText(/^En allstall desde el \d{1,2} mar 2026$/)).toBeTruthy();
    const comments = within(await screen.findByRole('list', { name: 'Mis comentarios' }));
    const queued = within(comments.getByText('Muy bien').closest('li')!);
    expect(queued.getByText('Aún no se envió')).toBeTruthy();
    expect(comments.getAllByRole('button', { name: 'Eliminar' })).toHaveLength(2);

    const added = within(await screen.findByRole('list', { name: 'Baños que añadiste' }));
    expect(within(added.getByText('Lugar en camino').closest('li')!).getByText('Pendiente de revisión')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Esperando para enviarse' })).toBeTruthy();
  });
});
