import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { metaSet } from '@/lib/db/db';
import type { OutboxWrite } from '@/lib/outbox/outbox-types';
import type { Services } from '@/lib/services';
import { makeUser } from '@/test/fixtures';
import { fakeApiClient, TestProviders, testServices } from '@/test/services';
import { useWrite, type WriteSubmission } from './use-write';

type QueueResult = Awaited<ReturnType<WriteSubmission['submit']>>;

const never = () => new Promise<never>(() => {});

/** One button that sends `write` through the hook and shows what `submit` resolved with. */
function Sender({ write }: { write: OutboxWrite }) {
  const submission = useWrite();
  return (
    <>
      <button type="button" onClick={() => void submission.submit(write).then((result) => (settled = result))}>
        Send
      </button>
      <p>{submission.busy ? 'busy' : 'idle'}</p>
    </>
  );
}

let settled: QueueResult | null = null;

function send(write: OutboxWrite, services: Services) {
  settled = null;
  render(
    <TestProviders services={services}>
      <Sender write={write} />
    </TestProviders>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

/** What `submit` resolved with: once the write is queued or refused and any alert is closed. */
async function outcome(): Promise<QueueResult> {
  await waitFor(() => expect(settled).not.toBeNull(), { timeout: 10_000 });
  return settled as unknown as QueueResult;
}

async function closeAlert(name: string) {
  const alert = await screen.findByRole('alertdialog', { name }, { timeout: 10_000 });
  fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
}

async function signedIn(): Promise<{ services: Services; userId: string }> {
  // The server never answers: what the tests see is what happens on the device.
  const services = testServices(fakeApiClient({ sendWrite: never }));
  const user = makeUser();
  await metaSet(services.db, 'user', user);
  return { services, userId: user.id };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useWrite, the one way a feature sends a write', () => {
  it('queues the kind and body under whoever is signed in and thanks in the words of that kind', async () => {
    const { services, userId } = await signedIn();
    send({ kind: 'comment-delete', body: { comment_id: 'c1' } }, services);

    await closeAlert('Deleted!');
    const result = await outcome();
    expect(result).toMatchObject({ kind: 'queued', offline: false });
    const rows = await services.db.outbox.toArray();
    expect(rows).toMatchObject([{ kind: 'comment-delete', body: { comment_id: 'c1' }, userId }]);
    expect(result.kind === 'queued' && result.rowId).toBe(rows[0]?.id);
  });

  it("says nothing once an admin's decision is queued: its row shows it", async () => {
    const { services } = await signedIn();
    send({ kind: 'contact-resolve', body: { contact_id: 'm1', excerpt: 'Hello' } }, services);

    expect((await outcome()).kind).toBe('queued');
    expect(await services.db.outbox.count()).toBe(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('idle')).toBeTruthy();
  });

  it("stores nothing and says nothing itself when nobody is signed in any more: the screen asks for a login", async () => {
    const services = testServices();
    send({ kind: 'contact', body: { details: 'Hi' } }, services);

    expect(await outcome()).toEqual({ kind: 'guest' });
    expect(await services.db.outbox.count()).toBe(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("says the kind's failure words when the device cannot store the write", async () => {
    const { services } = await signedIn();
    services.outbox = { ...services.outbox, enqueue: () => Promise.reject(new Error('QuotaExceededError')) };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    send({ kind: 'feedback', body: { restroom_id: 'r1', upvote: 1, downvote: 0 } }, services);

    await closeAlert('Oops!');
    expect((await outcome()).kind).toBe('failed');
    expect(await services.db.outbox.count()).toBe(0);
  });
});
