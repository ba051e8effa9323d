import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FlagReview } from '@allstall/shared';
import type { ApiClient } from '@/lib/api/api-client';
import { renderRoute } from '@/test/render-route';
import { testServices } from '@/test/services';
import { admin, adminApi, alreadyHandled, makeFlagReview } from '../shared/admin-test-kit';

const renamed = makeFlagReview();

async function renderFlagged(flags: () => Promise<FlagReview[]>, overrides: Partial<ApiClient> = {}) {
  const { services } = await renderRoute('/admin?tab=flagged', { services: testServices(adminApi({ '/api/flags': flags }, overrides)), user: admin });
  await screen.findByRole('table', { name: 'Flagged bathrooms' });
  return { services };
}

async function openReview() {
  fireEvent.click(screen.getByRole('button', { name: 'Review suggested edits for Quiet Library' }));
  return screen.findByRole('dialog', { name: 'Review suggested edits' });
}

/** One choice of a Yes / No / Not sure (or 'Who may use it?') group in a dialog. */
const choice = (dialog: HTMLElement, group: string, name: string) =>
  within(within(dialog).getByRole('group', { name: group })).getByRole('radio', { name }) as HTMLInputElement;

/** What one side of the review says for a field (the <dd> after its <dt>). */
function valueOf(side: HTMLElement, label: string): string | null | undefined {
  const term = [...side.querySelectorAll('dt')].find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent;
}

afterEach(() => vi.restoreAllMocks());

describe("the 'Flagged Bathrooms' tab", () => {
  it('lists each open flag with who flagged it, when, and the restroom as it stands', async () => {
    await renderFlagged(() => Promise.resolve([renamed]));

    const table = screen.getByRole('table', { name: 'Flagged bathrooms' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Flagged by',
      'Date flagged',
      'Name',
      'Street',
      'City',
      'Review suggested edits',
    ]);
    const row = within(table).getByRole('row', { name: /Quiet Library/ });
    expect(within(row).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent)).toEqual(['River', 'Nov 21, 2026', '300 Nicollet Mall', 'Minneapolis']);
  });

  it('sets the suggestion before the original and highlights the changed name', async () => {
    await renderFlagged(() => Promise.resolve([renamed]));
    const dialog = await openReview();

    const headings = within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Suggested', 'Original']);
    const marked = [...dialog.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marked).toEqual(['Central Library (changed)']);
    expect(dialog.textContent).toContain('Quiet Library');
  });

  it("keeps the suggestion's 'Other' on its side, and the two sides in one comparison (side by side on a desktop)", async () => {
    await renderFlagged(() => Promise.resolve([makeFlagReview({ other: '  The sign says ask for a key.  ' })]));
    const dialog = await openReview();

    // admin.css sets the comparison's two children side by side from 48rem, in the wide review dialog.
    expect(dialog.classList.contains('flag-review--compare')).toBe(true);
    const sides = dialog.querySelector('.flag-review__sides')!;
    expect([...sides.children].map((side) => side.querySelector('h3')?.textContent)).toEqual(['Suggested', 'Original']);
    expect(within(sides.children[0] as HTMLElement).getByText('Other: “The sign says ask for a key.”')).toBeTruthy();
    expect(within(sides.children[1] as HTMLElement).queryByText(/^Other:/)).toBeNull();

    // Editing is a form of its own, in the narrower form dialog.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await within(dialog).findByRole('button', { name: 'Back to suggestions' });
    expect(dialog.classList.contains('flag-review--compare')).toBe(false);
  });

  it('shows unknown as its own value, with the original beside each changed one', async () => {
    const original = { ...renamed.original, unisex: null, accessible: true, is_single_stall: false, access: null, fee: null };
    const unsure = makeFlagReview({
      original,
      proposed: { ...original, unisex: true, accessible: null, access: 'customers', fee: 'paid' },
      changed: ['unisex', 'accessible', 'access', 'fee'],
    });
    await renderFlagged(() => Promise.resolve([unsure]));
    const dialog = await openReview();

    const [suggested, before] = within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.closest('section')!);
    expect(valueOf(suggested!, 'Gender-neutral')).toBe('Yes (changed) was Unknown');
    expect(valueOf(suggested!, 'Wheelchair accessible')).toBe('Unknown (changed) was Yes');
    expect(valueOf(suggested!, 'Who may use it')).toBe('Customers only (changed) was Unknown');
    expect(valueOf(suggested!, 'Free to use')).toBe('Paid (changed) was Unknown');
    expect(valueOf(before!, 'Free to use')).toBe('Unknown');
    expect(valueOf(suggested!, 'Single stall')).toBe('No');
    expect(valueOf(before!, 'Gender-neutral')).toBe('Unknown');
    expect(valueOf(before!, 'Wheelchair accessible')).toBe('Yes');
    expect(valueOf(before!, 'Who may use it')).toBe('Unknown');
  });

  it('sets suggested hours over the original week, day by day, the suggestion marked changed', async () => {
    const original = { ...renamed.original, hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: 900, close: 1700 })) };
    const hours = makeFlagReview({
      original,
      proposed: { ...original, hours: [{ day: 1, open: 800, close: 2000 }, { day: 6, open: 1000, close: 1400 }, { day: 0, open: 0, close: 0 }] },
      changed: ['hours'],
    });
    await renderFlagged(() => Promise.resolve([hours]));
    const dialog = await openReview();

    const [suggested, before] = within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.closest('section')!);
    const week = (side: HTMLElement) => [...side.querySelectorAll('.flag-review__day')].map((day) => day.textContent);
    expect(week(suggested!)).toEqual([
      'Monday: 8am - 8pm',
      'Tuesday: Closed',
      'Wednesday: Closed',
      'Thursday: Closed',
      'Friday: Closed',
      'Saturday: 10am - 2pm',
      'Sunday: Open 24 hours',
    ]);
    expect(valueOf(suggested!, 'Hours')).toMatch(/\(changed\)$/);
    expect(week(before!)).toEqual(['Monday: 9am - 5pm', 'Tuesday: 9am - 5pm', 'Wednesday: 9am - 5pm', 'Thursday: 9am - 5pm', 'Friday: 9am - 5pm', 'Saturday: Closed', 'Sunday: Closed']);
  });

  it("says 'Unknown' for suggested hours unknown, and shows no hours on the suggestion's side when none were suggested", async () => {
    const original = { ...renamed.original, hours: [{ day: 1, open: 900, close: 1700 }] };
    await renderFlagged(() => Promise.resolve([makeFlagReview({ original, proposed: { ...original, hours: null }, changed: ['hours'] })]));
    let dialog = await openReview();
    let [suggested] = within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.closest('section')!);
    expect(valueOf(suggested!, 'Hours')).toBe('Unknown (changed)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    cleanup();
    await renderFlagged(() => Promise.resolve([makeFlagReview({ original })]));
    dialog = await openReview();
    [suggested] = within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.closest('section')!);
    expect(valueOf(suggested!, 'Hours')).toBeUndefined();
  });

  it("sends null for what the admin sets to 'Not sure' in 'Edit'", async () => {
    const { services } = await renderFlagged(() => Promise.resolve([renamed]));
    const dialog = await openReview();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(choice(dialog, 'Wheelchair accessible', 'Yes').checked).toBe(true);
    expect(choice(dialog, 'Who may use it?', 'Open to the public').checked).toBe(true);
    fireEvent.click(choice(dialog, 'Wheelchair accessible', 'Not sure'));
    fireEvent.click(choice(dialog, 'Who may use it?', 'Not sure'));
    fireEvent.click(choice(dialog, 'Free to use', 'Yes'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await screen.findByRole('alertdialog', { name: 'Great success!' });
    const [row] = await services.db.outbox.toArray();
    expect(row?.body).toHaveProperty('decision.edits', { accessible: null, access: null, fee: 'free' });
  });

  it("approves the suggestion through the outbox and says 'Great success!'", async () => {
    const { services } = await renderFlagged(() => Promise.resolve([renamed]));
    const dialog = await openReview();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('alertdialog', { name: 'Great success!' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Review suggested edits' })).toBeNull();
    expect(await services.db.outbox.toArray()).toMatchObject([
      { kind: 'flag-decision', body: { flag_id: renamed.id, name: 'Quiet Library', decision: { status: 'approved' } } },
    ]);
    expect(screen.getByText('Suggestions approved — Not sent yet')).toBeTruthy();
  });

  it("sends the admin's own values with 'Edit' then 'Approve'", async () => {
    const { services } = await renderFlagged(() => Promise.resolve([renamed]));
    const dialog = await openReview();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Central Library (Hennepin County)' } });
    fireEvent.click(choice(dialog, 'Changing table', 'Yes'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await screen.findByRole('alertdialog', { name: 'Great success!' });
    expect((await services.db.outbox.toArray())[0]).toMatchObject({
      kind: 'flag-decision',
      body: { decision: { status: 'approved', edits: { name: 'Central Library (Hennepin County)', changing_table: true } } },
    });
  });

  it("closes the flag with 'Reject suggestions'", async () => {
    const { services } = await renderFlagged(() => Promise.resolve([renamed]));
    const dialog = await openReview();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject suggestions' }));

    expect(await screen.findByRole('alertdialog', { name: 'Great success!' })).toBeTruthy();
    const rows = await services.db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'flag-decision', body: { decision: { status: 'rejected' } } });
    expect(rows[0]?.body).not.toHaveProperty('decision.edits');
  });

  it("says the spec's 'Oops!' when the device cannot store the decision", async () => {
    const { services } = await renderFlagged(() => Promise.resolve([renamed]));
    services.outbox.enqueue = () => Promise.reject(new Error('QuotaExceededError'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const dialog = await openReview();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    const failure = await screen.findByRole('alertdialog', { name: 'Oops!' });
    expect(failure.textContent).toContain("Looks like that didn't quite work. Check the server log for more information!");
  });

  it('shows "Already handled by NAME." with Dismiss when another admin decided first', async () => {
    let flags = [renamed];
    const { services } = await renderFlagged(() => Promise.resolve(flags), { sendWrite: alreadyHandled('Bob') });
    flags = [];
    fireEvent.click(within(await openReview()).getByRole('button', { name: 'Reject suggestions' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Great success!' })).getByRole('button', { name: 'OK' }));

    expect(await screen.findByText('Already handled by Bob.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Review suggested edits/ })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss Quiet Library' }));

    await waitFor(() => expect(screen.queryByText('Already handled by Bob.')).toBeNull());
    expect(await services.db.outbox.count()).toBe(0);
  });
});
