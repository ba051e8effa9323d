import { afterEach, describe, expect, it } from 'vitest';
import { makeNewRestroomBody, makeOutboxRow, testId } from '@/test/fixtures';
import { activateLocale, i18n } from '../i18n/i18n';
import { changesCount, describeWrite, lastErrorText, queuedCommentMark, writeStatusText } from './describe-write';

const restroomId = testId(8001);
const commentId = testId(8002);
const context = {
  restroomName: (id: string) => (id === restroomId ? 'Quiet Library' : null),
  commentContent: (id: string) => (id === commentId ? 'Clean and quiet.' : null),
};

describe('describeWrite', () => {
  it('says what each kind of write is about', () => {
    const feedback = makeOutboxRow({ kind: 'feedback', body: { restroom_id: restroomId, upvote: 1, downvote: 0, comment: 'Nice' } });
    expect(describeWrite(feedback, context)).toEqual({ title: 'Feedback on Quiet Library', details: ['Thumbs up', '“Nice”'] });

    const flag = makeOutboxRow({
      kind: 'flag',
      body: {
        restroom_id: testId(8003),
        name: 'Old Cafe',
        street: '',
        city: '',
        state: '',
        accessible: false,
        changing_table: false,
        unisex: false,
        menstrual_products: false,
        is_single_stall: false,
        other: '',
        is_closed: true,
      },
    });
    expect(describeWrite(flag, context)).toEqual({ title: 'Suggested changes to Old Cafe', details: ['Permanently closed'] });

    expect(describeWrite(makeOutboxRow({ kind: 'confirmation', body: { restroom_id: restroomId } }), context)).toEqual({ title: 'Still there: Quiet Library', details: [] });
    expect(describeWrite(makeOutboxRow({ kind: 'confirmation', body: { restroom_id: testId(8009) } }), context).title).toBe('Still there: a bathroom no longer listed');

    expect(describeWrite(makeOutboxRow({ kind: 'contact', body: { details: 'Hi team' } }), context).title).toBe('Message to the team');
    expect(describeWrite(makeOutboxRow({ kind: 'comment-delete', body: { comment_id: commentId } }), context)).toEqual({
      title: 'Delete comment',
      details: ['“Clean and quiet.”'],
    });
  });

  it('names a new bathroom and its address', () => {
    const restroom = makeOutboxRow({ kind: 'restroom', body: makeNewRestroomBody({ name: ' Walker Art Center ' }) });
    expect(describeWrite(restroom, context)).toEqual({
      title: 'New bathroom: Walker Art Center',
      details: ['725 Vineland Place, Minneapolis, MN 55403'],
    });
  });
});

describe('writeStatusText', () => {
  it('puts each state in words, with the server reason for a refusal', () => {
    expect(writeStatusText({ status: 'pending' })).toBe('Not sent yet');
    expect(writeStatusText({ status: 'sending' })).toBe('Sending…');
    expect(writeStatusText({ status: 'needs-login' })).toBe('Log in to send');
    expect(writeStatusText({ status: 'failed', lastError: 'Name is required.' })).toBe("Couldn't be sent: Name is required.");
  });

  it('marks a queued comment in the same words, only as on its way or refused', () => {
    expect((['pending', 'sending', 'needs-login', 'failed'] as const).map(queuedCommentMark)).toEqual([
      'Not sent yet',
      'Not sent yet',
      'Not sent yet',
      "Couldn't be sent",
    ]);
  });

  it('counts changes in words', () => {
    expect(changesCount(1)).toBe('1 change');
    expect(changesCount(3)).toBe('3 changes');
  });

  it('names each admin decision in the admin screens\' words, with what it is about', () => {
    const context = { restroomName: () => null, commentContent: () => null };
    const title = (write: Parameters<typeof makeOutboxRow>[0]) => describeWrite(makeOutboxRow(write), context).title;
    const restroom = { restroom_id: testId(1), name: 'Quiet Library' };
    expect(title({ kind: 'restroom-decision', body: { ...restroom, decision: { status: 'approved' } } })).toBe('Approve: Quiet Library');
    expect(title({ kind: 'restroom-decision', body: { ...restroom, decision: { is_removed: true } } })).toBe('Remove from display: Quiet Library');
    expect(title({ kind: 'restroom-decision', body: { ...restroom, decision: { is_removed: false } } })).toBe('Show again: Quiet Library');
    expect(title({ kind: 'restroom-decision', body: { ...restroom, decision: { name: 'Quieter Library' } } })).toBe('Edit: Quiet Library');
    expect(title({ kind: 'restroom-delete', body: restroom })).toBe('Delete from database: Quiet Library');
    expect(title({ kind: 'flag-decision', body: { flag_id: testId(2), name: 'Quiet Library', decision: { status: 'approved' } } })).toBe(
      'Approve suggested edits: Quiet Library',
    );
    expect(title({ kind: 'user-role', body: { user_id: testId(3), username: 'River', is_admin: false } })).toBe('Remove admin: River');
    expect(title({ kind: 'user-delete', body: { user_id: testId(3), username: 'River' } })).toBe('Delete user: River');
    expect(describeWrite(makeOutboxRow({ kind: 'contact-resolve', body: { contact_id: testId(4), excerpt: 'Love it' } }), context)).toEqual({
      title: 'Mark as resolved',
      details: ['“Love it”'],
    });
  });
});

describe('in Spanish', () => {
  afterEach(() => activateLocale('en'));

  it('describes a write, its state and a count in the language active when it is shown', async () => {
    const row = makeOutboxRow({ kind: 'feedback', body: { restroom_id: restroomId, upvote: 0, downvote: 1, comment: 'Sucio' } });
    expect(describeWrite(row, context).title).toBe('Feedback on Quiet Library');
    await activateLocale('es');
    expect(describeWrite(row, context)).toEqual({ title: 'Opinión sobre Quiet Library', details: ['Pulgar abajo', '“Sucio”'] });
    expect(writeStatusText({ status: 'pending' })).toBe('Aún no se envió');
    expect(writeStatusText({ status: 'needs-login' })).toBe('Inicia sesión para enviar');
    expect(changesCount(1)).toBe('1 cambio');
    expect(changesCount(3)).toBe('3 cambios');
  });

  it('says a reason stored before the switch in the new language, and an old row\'s English words as they are', async () => {
    const offline = { lastError: 'No connection. It will be sent when the connection is back.', lastErrorMessage: { id: 'writes.outbox.noConnection' } };
    expect(lastErrorText(offline)).toBe('No connection. It will be sent when the connection is back.');
    await activateLocale('es');
    expect(lastErrorText(offline)).toBe('Sin conexión. Se enviará cuando vuelva la conexión.');
    expect(writeStatusText({ status: 'failed', lastError: 'The server refused it (409).', lastErrorMessage: { id: 'writes.outbox.refused', values: { status: 409 } } })).toBe(
      'No se pudo enviar: El servidor lo rechazó (409).',
    );
    // A row queued by an app from before the reasons had messages, and a server code this app does not know.
    expect(writeStatusText({ status: 'failed', lastError: 'Name is required.' })).toBe('No se pudo enviar: Name is required.');
    expect(lastErrorText({ lastError: 'Gone.', lastErrorMessage: { id: 'server.somethingNew' } })).toBe('Gone.');
  });

  it('says a server refusal by its code and params', async () => {
    // The api's codes are catalogued in server.json; this one stands for any of them.
    i18n.load({ en: { 'server.test.tooLong': '{field} is too long.' }, es: { 'server.test.tooLong': '{field} es demasiado largo.' } });
    await activateLocale('es');
    const refused = { status: 'failed' as const, lastError: 'comment is too long.', lastErrorMessage: { id: 'server.test.tooLong', values: { field: 'comment' } } };
    expect(writeStatusText(refused)).toBe('No se pudo enviar: comment es demasiado largo.');
  });
});
