import { afterEach, describe, expect, it, vi } from 'vitest';
import { expandRestroom, UserListSchema, type UserList } from '@allstall/shared';
import { ContractError, createApiClient, HttpError, NetworkError } from './api-client';
import { lazyContractChecker } from './contract';
import { eagerContractChecker } from './contract-eager';
import { makeComment, makePage, makeRestroom, makeUser, testId } from '@/test/fixtures';
import { onePiece, snapshotBody, snapshotLines } from '@/test/snapshot-body';
import { piecesServer } from '@/test/pieces-server';
import * as snapshotLineReader from '../sync/snapshot-lines';


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
    const api = createApiClient({ contract: eagerContractChecker, fetch });

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
    const page = await createApiClient({ contract: eagerContractChecker, fetch }).syncPage({ since: '41', limit: 500 });
    expect(calls[0]!.url).toBe('/api/sync?limit=500&since=41');
    expect(page.cursor).toBe('42');
  });

  it('treats 401 from GET /api/user as nobody signed in', async () => {
    const { fetch } = recordingFetch(() => json(401, { statusCode: 401, error: 'Unauthorized', message: 'Not signed in' }));
    expect(await createApiClient({ contract: eagerContractChecker, fetch }).currentUser()).toBeNull();
  });

  it('carries the status and the error body of a failure', async () => {
    const body = { statusCode: 400, error: 'Bad Request', message: 'Too short', field: 'password' };
    const { fetch } = recordingFetch(() => json(400, body));
    const error = await createApiClient({ contract: eagerContractChecker, fetch })
      .register({ username: 'a', password: 'b' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).body).toEqual(body);
  });

  it("carries a refused write's Retry-After to the outbox, and none when the server sent none", async () => {
    const body = { statusCode: 503, error: 'Service Unavailable', message: 'Storage is full.' };
    const write = { method: 'POST', path: '/api/contact', body: { details: 'Hi' }, idempotencyKey: 'k' } as const;
    const { fetch } = recordingFetch(() => new Response(JSON.stringify(body), { status: 503, headers: { 'retry-after': '120' } }));
    const error = await createApiClient({ contract: eagerContractChecker, fetch }).sendWrite(write).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, body, retryAfter: '120' });
    const { fetch: plain } = recordingFetch(() => json(503, body));
    expect(await createApiClient({ contract: eagerContractChecker, fetch: plain }).sendWrite(write).catch((e: unknown) => e)).toMatchObject({ retryAfter: null });
  });

  it('tells a network failure apart from an answer', async () => {
    const fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch;
    await expect(createApiClient({ contract: eagerContractChecker, fetch }).clientConfig()).rejects.toBeInstanceOf(NetworkError);
  });

  it('refuses a response that breaks the contract, with the checker bundled or fetched after first paint', async () => {
    const { fetch } = recordingFetch(() => json(200, { cursor: 7, more: 'no' }));
    for (const contract of [eagerContractChecker, lazyContractChecker]) {
      await expect(createApiClient({ contract, fetch }).syncPage({ limit: 1 })).rejects.toBeInstanceOf(ContractError);
    }
    const { fetch: fine } = recordingFetch(() => json(200, makePage()));
    expect(await createApiClient({ contract: lazyContractChecker, fetch: fine }).syncPage({ limit: 1 })).toEqual(makePage());
  });

  it('sends a write with its Idempotency-Key and a time limit, and reads the answer', async () => {
    const { calls, fetch } = recordingFetch((url) =>
      url.endsWith('/contact') ? json(201, { id: 'x', inserted_at: '2027-01-01T00:00:00.000Z' }) : new Response(null, { status: 204 }),
    );
    const api = createApiClient({ contract: eagerContractChecker, fetch });
    const key = '0190f000-0000-7000-8000-000000000001';

    expect(await api.sendWrite({ method: 'POST', path: '/api/contact', body: { details: 'Hi' }, idempotencyKey: key })).toEqual({
      id: 'x',
      inserted_at: '2027-01-01T00:00:00.000Z',
    });
    expect(await api.sendWrite({ method: 'DELETE', path: '/api/comments/abc', idempotencyKey: key })).toBeNull();

    const [post, del] = calls.map((c) => c.init);
    expect(post!.headers).toMatchObject({ 'idempotency-key': key, 'x-requested-with': 'allstall', 'content-type': 'application/json' });
    expect(post!.body).toBe('{"details":"Hi"}');
    expect(post!.signal).toBeInstanceOf(AbortSignal);
    expect(del!.method).toBe('DELETE');
    expect(del!.body).toBeNull();
  });

  it('turns a refused write into an HttpError carrying the field, and a timeout into a NetworkError', async () => {
    const refusing = createApiClient({
      contract: eagerContractChecker,
      fetch: recordingFetch(() => json(400, { statusCode: 400, error: 'Bad Request', message: 'details is required.', field: 'details' })).fetch,
    });
    const refusal = await refusing.sendWrite({ method: 'POST', path: '/api/contact', body: {}, idempotencyKey: 'k' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).body?.field).toBe('details');

    const timingOut = createApiClient({
      contract: eagerContractChecker,
      fetch: recordingFetch(() => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'))).fetch,
    });
    await expect(timingOut.sendWrite({ method: 'POST', path: '/api/contact', body: {}, idempotencyKey: 'k' })).rejects.toBeInstanceOf(NetworkError);
  });

  it("asks for a person's additions, checked against the contract", async () => {
    const user = makeUser();
    const pending = makeRestroom({ status: 'pending' });
    const { calls, fetch } = recordingFetch(() => json(200, [pending]));
    expect(await createApiClient({ contract: eagerContractChecker, fetch }).myRestrooms(user.id)).toEqual([pending]);
    expect(calls[0]!.url).toBe(`/api/users/${user.id}/restrooms`);

    const broken = recordingFetch(() => json(200, [{ id: 'x' }]));
    await expect(createApiClient({ contract: eagerContractChecker, fetch: broken.fetch }).myRestrooms(user.id)).rejects.toBeInstanceOf(ContractError);
  });

  it('reads any path checked against the schema it is given, and refuses a payload that breaks it', async () => {
    const users = [makeUser({ username: 'River' })];
    const { calls, fetch } = recordingFetch((url) => json(200, url.endsWith('/broken') ? [{ username: 1 }] : users));
    const api = createApiClient({ contract: eagerContractChecker, fetch });

    expect(await api.getJson<UserList>(UserListSchema, '/api/users')).toEqual(users);
    expect(calls[0]!.init.method).toBe('GET');
    await expect(api.getJson(UserListSchema, '/api/broken')).rejects.toBeInstanceOf(ContractError);
  });

  it("checks a write's answer when the write names its schema: one that does not match is not used, the write still counts as done", async () => {
    const result = { version: '12', restroom: makeRestroom(), comment: makeComment() };
    const { fetch } = recordingFetch((url) => json(201, url.includes('broken') ? { version: 12 } : result));
    const api = createApiClient({ contract: eagerContractChecker, fetch });
    const write = (path: string) => api.sendWrite({ method: 'POST', path, body: {}, idempotencyKey: 'k', answer: 'FeedbackResult' });

    expect(await write('/api/feedback')).toEqual(result);
    expect(await write('/api/feedback?broken')).toBeNull();
  });
});

describe('api client under a Content-Security-Policy without unsafe-eval', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('still checks every answer against the contract', async () => {
    vi.stubGlobal('Function', function refused() {
      throw new EvalError('Refused to evaluate a string as JavaScript');
    });
    const { fetch } = recordingFetch((url) => json(200, url.includes('since=1') ? { cursor: 7 } : makePage({ cursor: '42' })));
    const api = createApiClient({ contract: eagerContractChecker, fetch });

    expect((await api.syncPage({ limit: 10 })).cursor).toBe('42');
    await expect(api.syncPage({ since: '1', limit: 10 })).rejects.toBeInstanceOf(ContractError);
  });
});

describe('api client: first-sync snapshot and feed versions', () => {
  it('reads the index, then each piece line by line across chunk boundaries, each line checked, the nearest piece first', async () => {
    const minneapolis = [makeRestroom({ name: 'A', latitude: 44.97, longitude: -93.26 }), makeRestroom({ name: 'B', latitude: 44.98, longitude: -93.27, hours: [{ day: 1, open: 900, close: 1700 }] })];
    const seattle = [makeRestroom({ name: 'C', latitude: 47.6, longitude: -122.33 }), makeRestroom({ name: 'D', latitude: 47.61, longitude: -122.34 })];
    const comments = [makeComment({ restroom_id: seattle[0]!.id })];
    const server = piecesServer('42', [...minneapolis, ...seattle], comments, { maxRows: 2, lineRows: 1, chunkBytes: 13 });
    expect(server.index.pieces.length).toBeGreaterThan(1);
    const seattlePiece = server.index.pieces.find((piece) => server.restroomsOf.get(piece.name)!.some((row) => row.name === 'C'))!;
    const snapshot = await createApiClient({ contract: eagerContractChecker, fetch: server.fetch }).syncSnapshot(snapshotLineReader, {
      stored: null,
      focus: () => ({ lat: 47.6, lng: -122.3 }),
    });
    expect(server.calls[0]).toBe('/api/sync/pieces');
    expect(snapshot!.header).toMatchObject({ cursor: '42', restrooms: 4, comments: 1 });
    expect(snapshot!.plan.fetch).toHaveLength(server.index.pieces.length);
    const read = [];
    for await (const line of snapshot!.lines) read.push(line);
    // The person's piece first: its restrooms, its comment, then word that it is whole.
    expect(server.calls[1]).toBe(`/api/sync/pieces/${encodeURIComponent(seattlePiece.name)}`);
    const firstPieceAt = read.findIndex((line) => 'piece' in line);
    expect(read[firstPieceAt]).toEqual({ piece: { key: seattlePiece.key, name: seattlePiece.name } });
    const firstRows = read.slice(0, firstPieceAt).flatMap((line) => ('restrooms' in line ? line.restrooms.map(expandRestroom) : []));
    expect(firstRows.map((row) => row.name).sort()).toEqual(server.restroomsOf.get(seattlePiece.name)!.map((row) => row.name).sort());
    expect(read.at(-1)).toEqual({ end: true });
    const all = read.flatMap((line) => ('restrooms' in line ? line.restrooms.map(expandRestroom) : []));
    expect(all.sort((a, b) => a.name.localeCompare(b.name))).toEqual([...minneapolis, ...seattle]);
    expect(read.flatMap((line) => ('comments' in line ? line.comments : []))).toEqual(comments);
  });

  it('plans a resume: stored pieces the index names are kept and not fetched again, others dropped', async () => {
    const restrooms = Array.from({ length: 6 }, (_, n) => makeRestroom({ name: `R${n}`, latitude: 40 + n * 2, longitude: -100 + n * 5 }));
    const server = piecesServer('43', restrooms, [], { maxRows: 2 });
    const [kept] = server.index.pieces;
    const stored = { cursor: '40', stored: [kept!, { key: '3', name: '3.0000000000000000' }] };
    const snapshot = await createApiClient({ contract: eagerContractChecker, fetch: server.fetch }).syncSnapshot(snapshotLineReader, { stored, focus: () => ({ lat: 0, lng: 0 }) });
    expect(snapshot!.plan.keep).toEqual([kept]);
    expect(snapshot!.plan.drop).toEqual([{ key: '3', name: '3.0000000000000000' }]);
    for await (const line of snapshot!.lines) void line;
    expect(server.calls).not.toContain(`/api/sync/pieces/${encodeURIComponent(kept!.name)}`);
    expect(server.calls).toHaveLength(server.index.pieces.length);
  });

  it('answers null for a server without pieces (404), so the engine pulls the paged feed', async () => {
    const { fetch } = recordingFetch(() => json(404, { statusCode: 404, error: 'Not Found', message: 'Not found' }));
    expect(await createApiClient({ contract: eagerContractChecker, fetch }).syncSnapshot(snapshotLineReader, { stored: null, focus: () => ({ lat: 0, lng: 0 }) })).toBeNull();
  });

  it('refuses a restroom line of another shape instead of storing it', async () => {
    const [header] = snapshotLines('42', []);
    const { index } = onePiece([{ ...header, restrooms: 1 }, { end: true }]);
    const bad = { restrooms: [[testId(), 'Name only']] };
    let call = 0;
    const { fetch } = recordingFetch(() =>
      call++ === 0 ? new Response(JSON.stringify(index), { status: 200 }) : new Response(snapshotBody([bad, { end: true }]), { status: 200 }),
    );
    const snapshot = await createApiClient({ contract: eagerContractChecker, fetch }).syncSnapshot(snapshotLineReader, { stored: null, focus: () => ({ lat: 0, lng: 0 }) });
    await expect(snapshot!.lines[Symbol.asyncIterator]().next()).rejects.toThrow('Unexpected snapshot line');
  });

  it("reads a detail answer's Feed-Version, and reports none when the header is missing", async () => {
    const restroom = makeRestroom();
    const detail = { ...restroom, comments: [] };
    let version: string | null = '77';
    const { fetch } = recordingFetch(
      () => new Response(JSON.stringify(detail), { status: 200, headers: version === null ? {} : { 'feed-version': version } }),
    );
    const api = createApiClient({ contract: eagerContractChecker, fetch });
    expect(await api.restroomDetail(restroom.id)).toEqual({ detail, feedVersion: '77' });
    version = null;
    expect(await api.restroomDetail(restroom.id)).toEqual({ detail, feedVersion: null });
  });
});
