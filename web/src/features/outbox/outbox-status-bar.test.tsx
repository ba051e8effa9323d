import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { makeOutboxRow, makeUser, testId } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { testServices } from '@/test/services';

const contact = (details = 'Hello') => ({ kind: 'contact' as const, body: { details } });

/** The outbox's status line under the top bar (the sync status has its own). */
function outboxStatus() {
  return screen.getAllByRole('status').find((element) => element.classList.contains('outbox-status'))!;
}

describe('OutboxStatusBar', () => {
  it('stays empty while nothing waits', async () => {
    const user = makeUser({ username: 'River' });
    const services = testServices();
    // Someone else's write on this device is not this person's to send.
    await services.db.outbox.put(makeOutboxRow(contact('not theirs'), { userId: testId() }));
    await renderRoute('/about', { services, user });
    await screen.findByRole('heading', { level: 1, name: 'Did you know?' });
    // The account button shows once the device has said who is signed in; the bar decides then.
    await screen.findByRole('button', { name: 'Account: River' });
    expect(outboxStatus().textContent).toBe('');
    expect(outboxStatus().classList.contains('is-visible')).toBe(false);
  });

  it("counts this person's waiting changes and 'Send now' sends them, busy meanwhile", async () => {
    const user = makeUser();
    const services = testServices();
    let finish = () => {};
    const flush = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    services.outbox = { ...services.outbox, flush };
    await services.db.outbox.bulkPut([
      makeOutboxRow(contact('one'), { userId: user.id }),
      makeOutboxRow(contact('two'), { userId: user.id, status: 'sending' }),
      makeOutboxRow(contact('not theirs'), { userId: testId() }),
    ]);
    await renderRoute('/about', { services, user });

    const status = within(outboxStatus());
    expect(await status.findByText('2 changes waiting to be sent')).toBeTruthy();
    fireEvent.click(status.getByRole('button', { name: 'Send now' }));
    expect(flush).toHaveBeenCalledWith({ force: true });
    const busy = status.getByRole('button', { name: 'Sending…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(busy);
    expect(flush).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    expect(status.getByRole('button', { name: 'Send now' }).getAttribute('aria-busy')).toBe('false');
  });

  it('says the session ended and offers to log in when writes met a 401', async () => {
    const services = testServices();
    await services.db.outbox.put(makeOutboxRow(contact(), { status: 'needs-login' }));
    await renderRoute('/about', { services, user: null });

    const status = within(outboxStatus());
    expect(await status.findByText('Your session ended. Log in to send 1 change waiting on this device.')).toBeTruthy();
    expect(status.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(status.queryByRole('button', { name: 'Send now' })).toBeNull();
  });

  it("says how many changes couldn't be sent, with a link to review them", async () => {
    const user = makeUser();
    const services = testServices();
    await services.db.outbox.put(makeOutboxRow(contact(), { userId: user.id, status: 'failed', lastError: 'Too long.' }));
    await renderRoute('/about', { services, user });

    const status = within(outboxStatus());
    expect(await status.findByText("1 change couldn't be sent")).toBeTruthy();
    expect(status.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/user#waiting');
  });
});
