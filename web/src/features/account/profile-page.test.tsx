import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NetworkError } from '../../lib/api-client';
import { makeComment, makeOutboxRow, makeRestroom, makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { fakeApiClient, testServices } from '../../test/services';

const offline = () => Promise.reject(new NetworkError(new TypeError('offline')));

async function renderProfile() {
  const user = makeUser({ username: 'River' });
  const restroom = makeRestroom({ name: 'Quiet Library' });
  const services = testServices(fakeApiClient({ sendWrite: offline }));
  await services.db.restrooms.put(restroom);
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
