import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { UserListSchema, type User } from '@allstall/shared';
import { NetworkError } from '@/lib/api/api-client';
import { metaSet, rememberUser } from '@/lib/db/db';
import { makeUser } from '@/test/fixtures';
import { fakeApiClient, testServices, TestProviders } from '@/test/services';
import { useAdminQueue } from './use-admin-queue';

const admin = makeUser({ username: 'Ada', is_admin: true });
const listed = [makeUser({ username: 'River' })];

async function renderQueue(answer: () => Promise<unknown>, signedIn: User = admin) {
  const services = testServices(fakeApiClient({ getJson: answer as never }));
  await metaSet(services.db, 'user', signedIn);
  const wrapper = ({ children }: { children: ReactNode }) => <TestProviders services={services}>{children}</TestProviders>;
  const hook = renderHook(() => useAdminQueue<User>('users', UserListSchema, '/api/users'), { wrapper });
  return { ...hook, services };
}

describe('useAdminQueue', () => {
  it('shows the server’s list and keeps it on the device', async () => {
    const { result, services } = await renderQueue(() => Promise.resolve(listed));
    await waitFor(() => expect(result.current.state).toBe('fresh'));
    await waitFor(() => expect(result.current.rows).toEqual(listed));
    expect((await services.db.adminQueues.get('users'))?.rows).toEqual(listed);
  });

  it('offline, shows the copy kept on the device and says it is offline', async () => {
    let online = true;
    const { result } = await renderQueue(() => (online ? Promise.resolve(listed) : Promise.reject(new NetworkError(new Error('down')))));
    await waitFor(() => expect(result.current.rows).toEqual(listed));
    online = false;
    await act(() => result.current.refresh());
    expect(result.current.state).toBe('offline');
    expect(result.current.rows).toEqual(listed);
  });

  it('forgets the lists once the person signed in is no longer an admin', async () => {
    const { result, services } = await renderQueue(() => Promise.resolve(listed));
    await waitFor(() => expect(result.current.rows).toEqual(listed));
    await act(() => rememberUser(services.db, makeUser({ id: admin.id, is_admin: false })));
    await waitFor(() => expect(result.current.rows).toBeUndefined());
    expect(await services.db.adminQueues.count()).toBe(0);
  });

  it('does not show another admin’s kept lists', async () => {
    const { result, services } = await renderQueue(() => new Promise(() => {}));
    await services.db.adminQueues.put({ name: 'users', userId: makeUser().id, rows: listed, fetchedAt: 1 });
    // A pause, not a wait: nothing must appear, and a busy machine can only make it see less, never fail.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.rows).toBeUndefined();
    expect(result.current.state).toBe('loading');
  });
});
