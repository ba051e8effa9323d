import { FLAG_OTHER_MAX_LENGTH, type FlagReceipt, type Restroom } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { flagBody, insertRestroom, signUp, write, type Person } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

const testApp = useTestApp();

function flag(as: Person, payload: object, key?: string) {
  return write(testApp().app, '/api/flags', { as, payload, ...(key === undefined ? {} : { key }) });
}

async function storedFlag(id: string) {
  return testApp().app.db.selectFrom('flags').selectAll().where('id', '=', id).executeTakeFirst();
}

describe('POST /api/flags', () => {
  it('stores the proposal, trimmed, beside a snapshot of the restroom, and answers a receipt', async () => {
    const { app } = testApp();
    const sky = await signUp(app, 'Sky');
    const restroomId = await insertRestroom(app.db, { name: 'Test Cafe', upvotes: 3 });
    const original = (await app.inject({ method: 'GET', url: `/api/bathrooms/${restroomId}` })).json<Restroom & { comments: unknown }>();
    const seqBefore = await readMeta(app.db, 'seq');
    const key = uuidv7();

    const response = await flag(sky, { ...flagBody(restroomId), name: '  Test Cafe (upstairs) ', other: ' Code on receipt. ' }, key);
    expect(response.statusCode).toBe(201);
    const receipt = response.json<FlagReceipt>();
    expect(receipt).toEqual({ id: key, restroom_id: restroomId, status: 'open', created_at: expect.any(String) });
    expect(Date.parse(receipt.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const row = await storedFlag(key);
    expect(row).toMatchObject({
      restroom_id: restroomId,
      user_id: sky.id,
      proposed_name: 'Test Cafe (upstairs)',
      proposed_street: '1 Main St',
      proposed_city: 'Minneapolis',
      proposed_state: 'MN',
      proposed_accessible: 1,
      proposed_changing_table: 0,
      proposed_unisex: 1,
      proposed_menstrual_products: 1,
      proposed_is_single_stall: 0,
      proposed_is_closed: 0,
      other: 'Code on receipt.',
      status: 'open',
      created_at: Date.parse(receipt.created_at),
      resolved_by: null,
      resolved_at: null,
    });
    const { comments: _comments, ...restroom } = original;
    expect(JSON.parse(row?.original_json ?? 'null')).toEqual(restroom);

    // Flags are for admins: the public feed does not move.
    expect(await readMeta(app.db, 'seq')).toBe(seqBefore);
  });

  it('accepts a blank name when the place is reported closed, and a key-less flag gets a UUIDv7', async () => {
    const { app } = testApp();
    const ari = await signUp(app, 'Ari');
    const restroomId = await insertRestroom(app.db);
    const response = await flag(ari, { ...flagBody(restroomId), name: '', street: '', is_closed: true });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<FlagReceipt>();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(await storedFlag(id)).toMatchObject({ proposed_name: '', proposed_is_closed: 1 });
  });

  it.each([
    ['a blank name when not closed', 'name', { name: '   ' }],
    ['a missing field', 'is_closed', { is_closed: undefined }],
    ['a missing restroom_id', 'restroom_id', { restroom_id: undefined }],
    ['a name over 200 characters', 'name', { name: 'n'.repeat(201) }],
    ['other over 2,000 characters', 'other', { other: 'o'.repeat(FLAG_OTHER_MAX_LENGTH + 1) }],
    ['a boolean as text', 'unisex', { unisex: 'yes' }],
    ['an unknown field', 'status', { status: 'approved' }],
  ])('answers 400 for %s, naming %s', async (_case, field, change) => {
    const { app } = testApp();
    const person = await signUp(app, `Flagger ${uuidv7()}`);
    const restroomId = await insertRestroom(app.db);
    const response = await flag(person, { ...flagBody(restroomId), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', field });
    expect(await app.db.selectFrom('flags').select('id').where('user_id', '=', person.id).execute()).toEqual([]);
  });

  it('answers 404 naming restroom_id for a restroom the public cannot see', async () => {
    const { app } = testApp();
    const noa = await signUp(app, 'Noa');
    for (const restroomId of [uuidv7(), await insertRestroom(app.db, { is_removed: 1 }), await insertRestroom(app.db, { status: 'pending' })]) {
      const response = await flag(noa, flagBody(restroomId));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ field: 'restroom_id' });
    }
  });
});
