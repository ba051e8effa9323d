import { describe, expect, it } from 'vitest';
import { ContractError, createApiClient, HttpError, NetworkError } from './api-client';
import { makePage, makeUser } from '../test/fixtures';

function recordingFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return respond(String(input), init);
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  it('sends the x-requested-with header on every write and not on reads', async () => {
    const user = makeUser();
    const { calls, fetch } = recordingFetch((url) =>
      url.includes('/sync') ? json(200, makePage()) : url.endsWith('/logout') ? new Response(null, { status: 204 }) : json(200, user),
    );
    const api = createApiClient({ fetch });

    await api.login({ username: 'sam', password: 'pw' });
    await api.logout();
    await api.syncPage({ limit: 10 });

    const headers = calls.map((c) => c.init.headers as Record<string, string>);
    expect(headers[0]!['x-requested-with']).toBe('allstall');
    expect(headers[0]!['content-type']).toBe('application/json');
    expect(headers[1]!['x-requested-with']).toBe('allstall');
    expect(headers[2]!['x-requested-with']).toBeUndefined();
    expect(calls[2]!.url).toBe('/api/sync?limit=10');
  });

  it('asks for the feed from a cursor', async () => {
    const { calls, fetch } = recordingFetch(() => json(200, makePage({ cursor: '42' })));
    const page = await createApiClient({ fetch }).syncPage({ since: '41', limit: 500 });
    expect(calls[0]!.url).toBe('/api/sync?limit=500&since=41');
    expect(page.cursor).toBe('42');
  });

  it('treats 401 from GET /api/user as nobody signed in', async () => {
    const { fetch } = recordingFetch(() => json(401, { statusCode: 401, error: 'Unauthorized', message: 'Not signed in' }));
    expect(await createApiClient({ fetch }).currentUser()).toBeNull();
  });

  it('carries the status and the error body of a failure', async () => {
    const body = { statusCode: 400, error: 'Bad Request', message: 'Too short', field: 'password' };
    const { fetch } = recordingFetch(() => json(400, body));
    const error = await createApiClient({ fetch })
      .register({ username: 'a', password: 'b' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).body).toEqual(body);
  });

  it('tells a network failure apart from an answer', async () => {
    const fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch;
    await expect(createApiClient({ fetch }).clientConfig()).rejects.toBeInstanceOf(NetworkError);
  });

  it('refuses a response that breaks the contract', async () => {
    const { fetch } = recordingFetch(() => json(200, { cursor: 7, more: 'no' }));
    await expect(createApiClient({ fetch }).syncPage({ limit: 1 })).rejects.toBeInstanceOf(ContractError);
  });
});
