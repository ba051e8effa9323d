import type { ContactItem } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { signInAdmin, signUp, write, type Person } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';
import { logEntriesFor, sendContact, signUpAdmin } from '../support/moderation-fixtures.js';

const testApp = useTestApp();
let admin: Person;
let otherAdmin: Person;
let sender: Person;

beforeAll(async () => {
  const { app } = testApp();
  admin = await signInAdmin(app);
  otherAdmin = await signUpAdmin(app, 'Alex');
  sender = await signUp(app, 'Lee');
});

function resolve(as: Person, id: string, payload: object = { resolved: true }, key?: string) {
  return write(testApp().app, `/api/contact/${id}`, { method: 'PATCH', as, payload, ...(key === undefined ? {} : { key }) });
}

async function messages(): Promise<ContactItem[]> {
  const response = await testApp().app.inject({ method: 'GET', url: '/api/contact', headers: { cookie: admin.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<ContactItem[]>();
}

describe('GET /api/contact', () => {
  it('lists messages with who sent them, unresolved first, each group oldest first', async () => {
    const { app } = testApp();
    const older = await sendContact(app, sender, 'Please add the library.');
    const resolved = await sendContact(app, sender, 'The map is great.');
    const newer = await sendContact(app, sender, 'A typo on the about page.');
    await resolve(admin, resolved);

    const items = await messages();
    const ids = items.map((item) => item.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(resolved));
    expect(items.find((item) => item.id === older)).toEqual({
      id: older,
      user_id: sender.id,
      username: 'Lee',
      details: 'Please add the library.',
      inserted_at: expect.any(String),
      resolved: false,
      resolved_by: null,
      resolved_at: null,
    });
    expect(items.find((item) => item.id === resolved)).toMatchObject({ resolved: true, resolved_by: 'admin', resolved_at: expect.any(String) });
  });
});

describe('PATCH /api/contact/:id', () => {
  it('marks a message resolved, answering it as the list now shows it, without moving the public feed', async () => {
    const { app } = testApp();
    const id = await sendContact(app, sender);
    const seq = await readMeta(app.db, 'seq');

    const response = await resolve(admin, id);
    expect(response.statusCode).toBe(200);
    expect(response.json<ContactItem>()).toMatchObject({ id, resolved: true, resolved_by: 'admin', resolved_at: expect.any(String) });
    expect(await app.db.selectFrom('contact').select(['resolved', 'resolved_by']).where('id', '=', id).executeTakeFirst()).toEqual({
      resolved: 1,
      resolved_by: admin.id,
    });
    expect(await readMeta(app.db, 'seq')).toBe(seq);
  });

  it('answers 409 "Already handled by NAME." to a second admin, and replays the first admin’s repeat', async () => {
    const { app } = testApp();
    const id = await sendContact(app, sender);
    const key = uuidv7();
    const first = await resolve(otherAdmin, id, { resolved: true }, key);
    expect(first.statusCode).toBe(200);

    const late = await resolve(admin, id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ statusCode: 409, message: 'Already handled by Alex.', field: 'resolved' });

    const again = await resolve(otherAdmin, id, { resolved: true }, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('lets exactly one of two admins resolving at the same moment win', async () => {
    const { app } = testApp();
    const id = await sendContact(app, sender);
    const answers = await Promise.all([resolve(admin, id), resolve(otherAdmin, id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await logEntriesFor(app, id)).toHaveLength(1);
  });

  it('logs the decision once, with the message before and after', async () => {
    const { app } = testApp();
    const id = await sendContact(app, sender);
    await resolve(admin, id);
    await resolve(otherAdmin, id);

    const entries = await logEntriesFor(app, id);
    expect(entries.map((entry) => [entry.action, entry.entity, entry.actor_id])).toEqual([['contact.resolve', 'contact', admin.id]]);
    expect(JSON.parse(entries[0]?.before_json ?? 'null')).toMatchObject({ id, resolved: false });
    expect(JSON.parse(entries[0]?.after_json ?? 'null')).toMatchObject({ id, resolved: true, resolved_by: 'admin' });
  });

  it.each([
    ['resolved false', { resolved: false }, 'resolved'],
    ['a missing resolved', {}, 'resolved'],
    ['an unknown field', { resolved: true, note: 'done' }, 'note'],
  ])('answers 400 for %s, naming %s, and leaves the message unresolved', async (_case, payload, field) => {
    const { app } = testApp();
    const id = await sendContact(app, sender);
    const response = await resolve(admin, id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field });
    expect((await messages()).find((item) => item.id === id)?.resolved).toBe(false);
  });

  it('answers 404 naming id for a message that does not exist', async () => {
    const response = await resolve(admin, uuidv7());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ field: 'id' });
  });
});
