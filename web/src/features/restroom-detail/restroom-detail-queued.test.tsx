import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { NetworkError } from '@/lib/api/api-client';
import { makeComment, makeOutboxRow, makeRestroom, makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, seedRestrooms, testServices } from '@/test/services';

const offline = () => Promise.reject(new NetworkError(new TypeError('offline')));
const DAY_MS = 24 * 60 * 60 * 1000;

describe('restroom detail with writes still on the device', () => {
  it('shows queued comments first, marked, counts the newest queued thumb, and hides comments being deleted', async () => {
    const user = makeUser();
    const restroom = makeRestroom({ name: 'Quiet Library', upvotes: 4, downvotes: 1 });
    const kept = makeComment({ restroom_id: restroom.id, content: 'Still here' });
    const deleting = makeComment({ restroom_id: restroom.id, content: 'On its way out', user_id: user.id });
    const services = testServices(fakeApiClient({ restroomDetail: offline }));
    await seedRestrooms(services, [restroom]);
    await services.db.comments.bulkPut([kept, deleting]);
    const feedback = (upvote: 0 | 1, downvote: 0 | 1, comment: string) => ({
      kind: 'feedback' as const,
      body: { restroom_id: restroom.id, upvote, downvote, comment },
    });
    await services.db.outbox.bulkPut([
      makeOutboxRow(feedback(1, 0, 'Older thumb'), { userId: user.id, createdAt: 1, status: 'needs-login' }),
      makeOutboxRow(feedback(0, 1, 'Newer thumb'), { userId: user.id, createdAt: 2 }),
      makeOutboxRow(feedback(0, 0, 'Refused words'), { userId: user.id, createdAt: 3, status: 'failed', lastError: 'Too rude.' }),
      makeOutboxRow({ kind: 'comment-delete', body: { comment_id: deleting.id } }, { userId: user.id }),
    ]);

    await renderRoute(`/bathrooms/${restroom.id}`, { services, user });

    const list = within(await screen.findByRole('list', { name: 'Comments' }));
    await list.findByText('Refused words');
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      "Couldn't be sent ReviewRefused words",
      'Not sent yetNewer thumb',
      'Not sent yetOlder thumb',
      'Nov 20, 2026Still here',
    ]);
    expect(list.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/user#waiting');
    // Only the newest queued thumb counts, as on the server.
    expect(screen.getByRole('img', { name: 'Upvotes' }).nextSibling?.textContent).toBe('4');
    expect(screen.getByRole('img', { name: 'Downvotes' }).nextSibling?.textContent).toBe('2');
  });

  it("keeps showing a comment whose deletion was refused, or is someone else's on this device", async () => {
    const user = makeUser();
    const restroom = makeRestroom({ name: 'Quiet Library' });
    const refused = makeComment({ restroom_id: restroom.id, content: 'Refused deletion', user_id: user.id });
    const theirs = makeComment({ restroom_id: restroom.id, content: 'Another account deletes this' });
    const services = testServices(fakeApiClient({ restroomDetail: offline }));
    await seedRestrooms(services, [restroom]);
    await services.db.comments.bulkPut([refused, theirs]);
    await services.db.outbox.bulkPut([
      makeOutboxRow({ kind: 'comment-delete', body: { comment_id: refused.id } }, { userId: user.id, status: 'failed', lastError: 'Nope.' }),
      makeOutboxRow({ kind: 'comment-delete', body: { comment_id: theirs.id } }, { userId: theirs.user_id, status: 'needs-login' }),
      // Shows once the outbox has been read, so what follows is not the mirror alone.
      makeOutboxRow(
        { kind: 'feedback', body: { restroom_id: restroom.id, upvote: 0, downvote: 0, comment: 'Queued words' } },
        { userId: user.id },
      ),
    ]);

    await renderRoute(`/bathrooms/${restroom.id}`, { services, user });

    const list = within(await screen.findByRole('list', { name: 'Comments' }));
    await list.findByText('Queued words');
    expect(list.getByText('Refused deletion')).toBeTruthy();
    expect(list.getByText('Another account deletes this')).toBeTruthy();
  });

  it("shows how fresh the listing is, and nothing before anyone's visit", async () => {
    const confirmed = makeRestroom({ name: 'Confirmed Place', last_confirmed_at: new Date(Date.now() - 3 * DAY_MS).toISOString() });
    const services = testServices(fakeApiClient({ restroomDetail: offline }));
    await seedRestrooms(services, [confirmed]);
    await renderRoute(`/bathrooms/${confirmed.id}`, { services });
    expect(await screen.findByText('Confirmed by a visitor 3 days ago')).toBeTruthy();
  });

  it('says "Unconfirmed for over a year" for a listing neither confirmed nor changed in over a year', async () => {
    const stale = makeRestroom({ name: 'Old Depot', last_confirmed_at: null, updated_at: new Date(Date.now() - 400 * DAY_MS).toISOString() });
    const services = testServices(fakeApiClient({ restroomDetail: offline }));
    await seedRestrooms(services, [stale]);
    await renderRoute(`/bathrooms/${stale.id}`, { services });
    expect(await screen.findByText('Unconfirmed for over a year')).toBeTruthy();
  });

  it('says nothing about freshness when no visitor has confirmed the listing', async () => {
    const unconfirmed = makeRestroom({ name: 'Quiet Place', last_confirmed_at: null });
    const services = testServices(fakeApiClient({ restroomDetail: offline }));
    await seedRestrooms(services, [unconfirmed]);
    await renderRoute(`/bathrooms/${unconfirmed.id}`, { services });
    await screen.findByRole('heading', { level: 1, name: 'Quiet Place' });
    expect(screen.queryByText(/Confirmed by a visitor/)).toBeNull();
  });
});
