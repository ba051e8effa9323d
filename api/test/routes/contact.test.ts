import { apiErrorMessage, CONTACT_MAX_LENGTH, type ContactReceipt } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { signUp, write, type Person } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

const testApp = useTestApp();

function contact(as: Person, payload: object, key?: string) {
  return write(testApp().app, '/api/contact', { as, payload, ...(key === undefined ? {} : { key }) });
}

describe('POST /api/contact', () => {
  it('stores the message trimmed and unresolved, and answers a receipt', async () => {
    const { app } = testApp();
    const dee = await signUp(app, 'Dee');
    const key = uuidv7();
    const response = await contact(dee, { details: '\n  Please add the library downtown.  \n' }, key);
    expect(response.statusCode).toBe(201);
    const receipt = response.json<ContactReceipt>();
    expect(receipt).toEqual({ id: key, inserted_at: expect.any(String) });

    const row = await app.db.selectFrom('contact').selectAll().where('id', '=', key).executeTakeFirst();
    expect(row).toEqual({
      id: key,
      user_id: dee.id,
      details: 'Please add the library downtown.',
      inserted_at: Date.parse(receipt.inserted_at),
      resolved: 0,
      resolved_by: null,
      resolved_at: null,
    });
  });

  it('accepts 5,000 characters and gives a key-less message a UUIDv7', async () => {
    const { app } = testApp();
    const eli = await signUp(app, 'Eli');
    const response = await contact(eli, { details: 'z'.repeat(CONTACT_MAX_LENGTH) });
    expect(response.statusCode).toBe(201);
    expect(response.json<ContactReceipt>().id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it.each([
    ['an empty message', { details: '' }, apiErrorMessage('contact.empty')],
    ['a blank message', { details: '  \n\t ' }, apiErrorMessage('contact.empty')],
    ['a message over 5,000 characters', { details: 'z'.repeat(CONTACT_MAX_LENGTH + 1) }, undefined],
    ['a missing message', {}, undefined],
    // PostgreSQL text cannot hold NUL: refused up front on both engines rather than a 500 on one.
    ['a NUL character', { details: 'Hi\u0000there' }, undefined],
    ['an unknown field', { details: 'Hi', email: 'me@example.com' }, undefined],
  ])('answers 400 for %s', async (_case, body, message) => {
    const { app } = testApp();
    const fen = await signUp(app, `Fen ${uuidv7()}`);
    const response = await contact(fen, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field: 'email' in body ? 'email' : 'details' });
    if (message !== undefined) expect(response.json().message).toBe(message);
    expect(await app.db.selectFrom('contact').select('id').where('user_id', '=', fen.id).execute()).toEqual([]);
  });
});
