import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { Services } from '@/lib/services';
import type { SyncStatus } from '@/lib/sync/sync-engine';
import { testServices, TestProviders } from '@/test/services';
import { SavedCount, savedCountText } from './saved-count';

describe('saved count', () => {
  it('says how far a first sync has got, then how many are saved, with thousands separators', () => {
    expect(savedCountText({ saved: 12000, total: 100000 }, null, 12000)).toBe('Saving restrooms on this device: 12,000 of 100,000');
    expect(savedCountText(null, 1, 100000)).toBe('100,000 restrooms saved on this device');
    expect(savedCountText(null, 1, 1)).toBe('1 restroom saved on this device');
    // Before any pull has finished, a count would not be the whole set.
    expect(savedCountText(null, null, 500)).toBeNull();
  });

  it('is a polite status that shows the first progress at once and the finished count as soon as the sync ends', async () => {
    const services = testServices();
    let status: SyncStatus = { state: 'syncing', lastSyncedAt: null, error: null, progress: { saved: 0, total: 20000 }, holdsAll: false };
    const listeners = new Set<() => void>();
    const sync: Services['sync'] = { ...services.sync, getStatus: () => status, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) };
    render(
      <TestProviders services={{ ...services, sync }}>
        <SavedCount stored={0} />
      </TestProviders>,
    );
    const line = screen.getByRole('status');
    expect(line.textContent).toBe('Saving restrooms on this device: 0 of 20,000');
    act(() => {
      status = { state: 'idle', lastSyncedAt: 1, error: null, progress: null, holdsAll: true };
      for (const listener of listeners) listener();
    });
    render(
      <TestProviders services={{ ...services, sync }}>
        <SavedCount stored={20000} />
      </TestProviders>,
    );
    expect(await screen.findByText('20,000 restrooms saved on this device', {}, { timeout: 30_000 })).toBeTruthy();
  });
});
