import type { FlagProposal, FlagReview, PendingRestroom } from '@allstall/shared';
import { HttpError, NetworkError, type ApiClient } from '@/lib/api/api-client';
import { makeRestroom, makeUser, testId } from '@/test/fixtures';
import { fakeApiClient } from '@/test/services';

/* Fixtures and a scripted api for the admin screens' tests. */

export const admin = makeUser({ username: 'Ada', is_admin: true });

export const offline = () => Promise.reject(new NetworkError(new TypeError('offline')));

export const alreadyHandled = (by: string) => () =>
  Promise.reject(new HttpError(409, { statusCode: 409, error: 'Conflict', message: `Already handled by ${by}.` }));

export function makePendingRestroom(overrides: Partial<PendingRestroom> = {}): PendingRestroom {
  return {
    ...makeRestroom({ status: 'pending', source: 'user', username: 'sam', created_at: '2026-11-20T15:00:00.000Z' }),
    admin_comment: null,
    adder_comment: null,
    ...overrides,
  };
}

const originalListing: FlagProposal = {
  name: 'Quiet Library',
  street: '300 Nicollet Mall',
  city: 'Minneapolis',
  state: 'MN',
  unisex: false,
  accessible: true,
  changing_table: false,
  is_single_stall: false,
  menstrual_products: false,
  access: 'public',
  fee: null,
  is_closed: false,
};

/** A flag proposing a new name for the Quiet Library. */
export function makeFlagReview(overrides: Partial<FlagReview> = {}): FlagReview {
  return {
    id: testId(),
    restroom_id: testId(),
    username: 'River',
    created_at: '2026-11-21T15:00:00.000Z',
    status: 'open',
    proposed: { ...originalListing, name: 'Central Library' },
    original: originalListing,
    changed: ['name'],
    other: '',
    ...overrides,
  };
}

/** What a confirmation or an alert says under its title, a line each, in order. */
export const linesOf = (dialog: HTMLElement) => [...dialog.querySelectorAll('p')].map((line) => line.textContent);

/** An api answering each admin list by its path (a function per call, so a test can change the answer). */
export function adminApi(lists: Record<string, () => Promise<unknown>>, overrides: Partial<ApiClient> = {}): ApiClient {
  const getJson = (_schema: unknown, path: string) => lists[path]?.() ?? Promise.reject(new Error(`unexpected list: ${path}`));
  return fakeApiClient({ getJson: getJson as ApiClient['getJson'], sendWrite: offline, ...overrides });
}
