import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Restroom, User } from '@allstall/shared';
import { NetworkError } from '@/lib/api/api-client';
import { metaSet } from '@/lib/db/db';
import { makeRestroom, makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, seedRestrooms, testServices } from '@/test/services';

const offline = () => Promise.reject(new NetworkError(new TypeError('offline')));

async function openDetail(restroom: Restroom, user: User | null, login?: () => Promise<User>, register?: () => Promise<User>) {
  const services = testServices(fakeApiClient({ restroomDetail: offline, sendWrite: offline, ...(login ? { login } : {}), ...(register ? { register } : {}) }));
  await seedRestrooms(services, [restroom]);
  const rendered = await renderRoute(`/bathrooms/${restroom.id}`, { services, user });
  await screen.findByRole('heading', { level: 1, name: restroom.name });
  await screen.findByRole('button', { name: 'I peed here!' });
  return rendered;
}

/** The button on the line that says the amenity is unknown. */
function tellUsFor(label: string) {
  const line = screen.getByText(`${label}: unknown`).closest('li');
  if (!line) throw new Error(`no line for ${label}`);
  return within(line).getByRole('button', { name: 'Know this? Tell us' });
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('restroom actions for guests', () => {
  it("asks a guest to log in from both buttons, and 'Log in' comes back to the restroom", async () => {
    const restroom = makeRestroom({ name: 'Quiet Library' });
    const user = makeUser();
    const { router } = await openDetail(restroom, null, () => Promise.resolve(user));

    for (const name of ['I peed here!', 'Something not look right?']) {
      fireEvent.click(screen.getByRole('button', { name }));
      const prompt = screen.getByRole('dialog', { name: 'Hey, stranger.' });
      expect(prompt.textContent).toContain('Come here often? Log in to leave feedback!');
      fireEvent.click(within(prompt).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    }

    fireEvent.click(screen.getByRole('button', { name: 'I peed here!' }));
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'sam' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-enough-passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await screen.findByRole('heading', { level: 1, name: 'Quiet Library' });
    expect(router.state.location.pathname).toBe(`/bathrooms/${restroom.id}`);
    // What they were about to do is open again, once: the router state that asked for it is gone.
    expect(await screen.findByRole('dialog', { name: 'How was your experience?' })).toBeTruthy();
    // Dropped by an effect, which React may run just after the dialog is on the page.
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });

  it("offers 'Register' beside 'Log in', and registering comes back to the restroom with the feedback dialog open", async () => {
    const restroom = makeRestroom({ name: 'Quiet Library' });
    const { router } = await openDetail(restroom, null, undefined, () => Promise.resolve(makeUser({ username: 'newcomer' })));

    fireEvent.click(screen.getByRole('button', { name: 'I peed here!' }));
    const prompt = screen.getByRole('dialog', { name: 'Hey, stranger.' });
    expect(within(prompt).getByRole('link', { name: 'Log in' })).toBeTruthy();
    fireEvent.click(within(prompt).getByRole('link', { name: 'Register' }));
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'newcomer' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-enough-passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('dialog', { name: 'How was your experience?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/bathrooms/${restroom.id}`);
  });

  it('registering through the login page’s own link comes back too, to the field that was asked about', async () => {
    const restroom = makeRestroom({ name: 'Quiet Library', unisex: null });
    const { router } = await openDetail(restroom, null, undefined, () => Promise.resolve(makeUser()));

    fireEvent.click(tellUsFor('Gender-neutral'));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Hey, stranger.' })).getByRole('link', { name: 'Log in' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Register' }));
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'newcomer' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-enough-passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    const dialog = await screen.findByRole('dialog', { name: 'Suggest changes here:' });
    expect(router.state.location.pathname).toBe(`/bathrooms/${restroom.id}`);
    const group = within(dialog).getByRole('group', { name: 'Gender-neutral' });
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: 'Yes' }));
  });
});

describe('feedback dialog', () => {
  it('keeps at most one thumb pressed, and pressing the pressed one releases it', async () => {
    await openDetail(makeRestroom(), makeUser());
    fireEvent.click(screen.getByRole('button', { name: 'I peed here!' }));
    const dialog = screen.getByRole('dialog', { name: 'How was your experience?' });
    const up = within(dialog).getByRole('button', { name: 'Thumbs up' });
    const down = within(dialog).getByRole('button', { name: 'Thumbs down' });
    const pressed = () => [up.getAttribute('aria-pressed'), down.getAttribute('aria-pressed')];

    expect(pressed()).toEqual(['false', 'false']);
    fireEvent.click(up);
    expect(pressed()).toEqual(['true', 'false']);
    fireEvent.click(down);
    expect(pressed()).toEqual(['false', 'true']);
    fireEvent.click(down);
    expect(pressed()).toEqual(['false', 'false']);
  });

  it('queues exactly one feedback under the signed-in person, closes, thanks them and shows it at once', async () => {
    const restroom = makeRestroom({ name: 'Cafe Q', upvotes: 2, downvotes: 0 });
    const user = makeUser();
    const { services } = await openDetail(restroom, user);

    fireEvent.click(screen.getByRole('button', { name: 'I peed here!' }));
    const dialog = screen.getByRole('dialog', { name: 'How was your experience?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Thumbs up' }));
    const comment = within(dialog).getByLabelText('Leave a comment:');
    expect(comment.getAttribute('maxlength')).toBe('2000');
    fireEvent.change(comment, { target: { value: '  Clean, and nobody stared.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const thanks = await screen.findByRole('alertdialog', { name: 'Thank you for sharing!' });
    expect(thanks.textContent).toContain('Users help keep this app up-to-date.');
    expect(screen.queryByRole('dialog', { name: 'How was your experience?' })).toBeNull();

    const rows = await services.db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'feedback',
      userId: user.id,
      body: { restroom_id: restroom.id, upvote: 1, downvote: 0, comment: 'Clean, and nobody stared.' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    const comments = within(await screen.findByRole('list', { name: 'Comments' }));
    expect(comments.getAllByRole('listitem')[0]!.textContent).toBe('Not sent yetClean, and nobody stared.');
    expect(screen.getByRole('img', { name: 'Upvotes' }).nextSibling?.textContent).toBe('3');
  });

  it('adds that it will be sent when back online when the device is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await openDetail(makeRestroom(), makeUser());
    fireEvent.click(screen.getByRole('button', { name: 'I peed here!' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const thanks = await screen.findByRole('alertdialog', { name: 'Thank you for sharing!' });
    expect(thanks.textContent).toContain("It will be sent automatically when you're back online.");
  });

  it("says 'Oops!' and keeps the dialog when the device cannot store the write", async () => {
    const restroom = makeRestroom();
    const services = testServices(fakeApiClient({ restroomDetail: offline }));
    services.outbox = { ...services.outbox, enqueue: () => Promise.reject(new Error('QuotaExceededError')) };
    await seedRestrooms(services, [restroom]);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderRoute(`/bathrooms/${restroom.id}`, { services, user: makeUser() });

    fireEvent.click(await screen.findByRole('button', { name: 'I peed here!' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const oops = await screen.findByRole('alertdialog', { name: 'Oops!' });
    expect(oops.textContent).toContain("Looks like that didn't quite work. Please try again later!");
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog', { name: 'How was your experience?' })).toBeTruthy();
  });

  it('tells a person whose session ended to log in, and keeps their draft for afterwards', async () => {
    const user = makeUser();
    const { services } = await openDetail(makeRestroom(), user);
    fireEvent.click(screen.getByRole('button', { name: 'I peed here!' }));
    fireEvent.change(screen.getByLabelText('Leave a comment:'), { target: { value: 'Draft words' } });

    await act(() => metaSet(services.db, 'user', null));
    await screen.findByRole('button', { name: 'Account' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    const alert = await screen.findByRole('alertdialog', { name: 'Register or log in to leave feedback!' });
    expect(alert.textContent).toContain('Users help keep this app up-to-date.');
    expect(await services.db.outbox.count()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    const prompt = await screen.findByRole('dialog', { name: 'Hey, stranger.' });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Cancel' }));

    await act(() => metaSet(services.db, 'user', user));
    await screen.findByRole('button', { name: `Account: ${user.username}` });
    fireEvent.click(screen.getByRole('button', { name: 'I peed here!' }));
    expect((screen.getByLabelText('Leave a comment:') as HTMLTextAreaElement).value).toBe('Draft words');
  });

  it("keeps a stashed draft for its author: someone else signing in on the tab starts empty", async () => {
    const user = makeUser({ username: 'River' });
    const { services } = await openDetail(makeRestroom(), user);
    fireEvent.click(screen.getByRole('button', { name: 'I peed here!' }));
    fireEvent.change(screen.getByLabelText('Leave a comment:'), { target: { value: 'Draft words' } });

    await act(() => metaSet(services.db, 'user', null));
    await screen.findByRole('button', { name: 'Account' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Hey, stranger.' })).getByRole('button', { name: 'Cancel' }));

    await act(() => metaSet(services.db, 'user', makeUser({ username: 'Sam' })));
    await screen.findByRole('button', { name: 'Account: Sam' });
    fireEvent.click(screen.getByRole('button', { name: 'I peed here!' }));
    expect((screen.getByLabelText('Leave a comment:') as HTMLTextAreaElement).value).toBe('');
  });
});

describe("'Know this? Tell us'", () => {
  it('opens Suggest changes on that amenity, its Yes focused, for someone signed in', async () => {
    const restroom = makeRestroom({ name: 'Quiet Library', unisex: null, is_single_stall: null });
    await openDetail(restroom, makeUser());

    fireEvent.click(tellUsFor('Single stall'));

    const dialog = screen.getByRole('dialog', { name: 'Suggest changes here:' });
    const group = within(dialog).getByRole('group', { name: 'Single stall' });
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: 'Yes' }));
    expect((within(group).getByRole('radio', { name: 'Not sure' }) as HTMLInputElement).checked).toBe(true);
    // The person can say what they know from there.
    fireEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    expect((within(group).getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
  });

  it("asks a guest to log in, as 'Something not look right?' does", async () => {
    await openDetail(makeRestroom({ name: 'Quiet Library', unisex: null }), null);

    fireEvent.click(tellUsFor('Gender-neutral'));

    const prompt = screen.getByRole('dialog', { name: 'Hey, stranger.' });
    expect(prompt.textContent).toContain('Come here often? Log in to leave feedback!');
    expect(screen.queryByRole('dialog', { name: 'Suggest changes here:' })).toBeNull();
  });
});
