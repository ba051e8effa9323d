import { describe, expect, it } from 'vitest';
import { testId } from '@/test/fixtures';
import type { OutboxWrite } from './outbox-types';
import { writeKind } from './write-kinds';

const id = testId(900);

/** The request a queued admin decision becomes. */
function requestOf(write: OutboxWrite) {
  return writeKind(write.kind).request(write.body as never, testId(901));
}

describe('admin decisions in the outbox', () => {
  it('become the moderation calls, without the names kept only for showing them', () => {
    expect(requestOf({ kind: 'restroom-decision', body: { restroom_id: id, name: 'Quiet Library', decision: { status: 'approved' } } })).toEqual({
      method: 'PATCH',
      path: `/api/bathrooms/${id}`,
      body: { status: 'approved' },
    });
    expect(requestOf({ kind: 'restroom-delete', body: { restroom_id: id, name: 'Quiet Library' } })).toEqual({
      method: 'DELETE',
      path: `/api/bathrooms/${id}`,
    });
    expect(requestOf({ kind: 'flag-decision', body: { flag_id: id, name: 'Quiet Library', decision: { status: 'rejected' } } })).toEqual({
      method: 'PATCH',
      path: `/api/flags/${id}`,
      body: { status: 'rejected' },
    });
    expect(requestOf({ kind: 'contact-resolve', body: { contact_id: id, excerpt: 'The map is great' } })).toEqual({
      method: 'PATCH',
      path: `/api/contact/${id}`,
      body: { resolved: true },
    });
    expect(requestOf({ kind: 'user-role', body: { user_id: id, username: 'River', is_admin: true } })).toEqual({
      method: 'PATCH',
      path: `/api/users/${id}`,
      body: { is_admin: true },
    });
    expect(requestOf({ kind: 'user-delete', body: { user_id: id, username: 'River' } })).toEqual({ method: 'DELETE', path: `/api/users/${id}` });
  });

  it('ask for a pull after they land when they change what everyone sees', () => {
    const publicKinds = (['restroom-decision', 'restroom-delete', 'flag-decision', 'contact-resolve', 'user-role', 'user-delete'] as const).filter(
      (kind) => writeKind(kind).changesPublicData,
    );
    expect(publicKinds).toEqual(['restroom-decision', 'restroom-delete', 'flag-decision', 'user-delete']);
  });
});
