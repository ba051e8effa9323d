import { describe, expect, it, vi } from 'vitest';
import { Type } from 'typebox';
import { fakeApiClient } from '@/test/services';
import { adminCallFailureText, createCallKeys, postAdminCall } from './admin-calls';
import { ContractError, HttpError, NetworkError } from './api-client';

describe('createCallKeys', () => {
  it('gives each call a fresh key once the one before was answered', () => {
    let n = 0;
    const keys = createCallKeys(() => `key-${++n}`);
    expect(keys.keyFor('POST /a {}')).toBe('key-1');
    keys.answered('POST /a {}');
    expect(keys.keyFor('POST /a {}')).toBe('key-2');
  });

  it('sends the same call again under its key while its answer is lost, and a different call under a new one', () => {
    let n = 0;
    const keys = createCallKeys(() => `key-${++n}`);
    expect(keys.keyFor('POST /a {}')).toBe('key-1');
    expect(keys.keyFor('POST /a {}')).toBe('key-1');
    expect(keys.keyFor('POST /a {"afterId":"x"}')).toBe('key-2');
  });
});

describe('postAdminCall', () => {
  const Answer = Type.Object({ done: Type.Boolean() });

  it('posts the body and hands back an answer that matches the schema', async () => {
    const sendWrite = vi.fn(() => Promise.resolve({ done: true } as unknown));
    const answer = await postAdminCall(fakeApiClient({ sendWrite }), createCallKeys(() => 'k'), Answer, '/api/x', { a: 1 });
    expect(answer).toEqual({ done: true });
    expect(sendWrite).toHaveBeenCalledWith({ method: 'POST', path: '/api/x', body: { a: 1 }, idempotencyKey: 'k' });
  });

  it('refuses an answer that does not match the schema', async () => {
    const api = fakeApiClient({ sendWrite: () => Promise.resolve({ done: 'yes' }) });
    await expect(postAdminCall(api, createCallKeys(), Answer, '/api/x', {})).rejects.toBeInstanceOf(ContractError);
  });

  it('frees the key after a refusal, so a corrected retry is a new call', async () => {
    let n = 0;
    const keys = createCallKeys(() => `key-${++n}`);
    const sendWrite = vi.fn().mockRejectedValueOnce(new HttpError(400, null)).mockResolvedValueOnce({ done: true });
    const api = fakeApiClient({ sendWrite });
    await expect(postAdminCall(api, keys, Answer, '/api/x', {})).rejects.toBeInstanceOf(HttpError);
    await postAdminCall(api, keys, Answer, '/api/x', {});
    expect(sendWrite.mock.calls.map(([request]) => request.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });
});

describe('adminCallFailureText', () => {
  it("uses the server's words, and plain ones when it gave none", () => {
    expect(adminCallFailureText(new HttpError(502, { statusCode: 502, error: 'Bad Gateway', message: 'Refuge is down.' }))).toBe('Refuge is down.');
    expect(adminCallFailureText(new HttpError(500, null))).toBe('Oops... Something went wrong!');
    expect(adminCallFailureText(new ContractError('/api/x'))).toBe('The server did not answer as expected.');
    expect(adminCallFailureText(new NetworkError(new TypeError('x')))).toMatch(/could not be reached/);
  });
});
