import type { RestroomDetail } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { insertRestroom, newRestroomBody, signUp, write, type Person } from '../support/fixtures.js';
import { useTestApp, WRITE_HEADERS } from '../support/helpers.js';

const testApp = useTestApp();

/** Half of the pair that spells 😀: no character on its own. */
const LONE_HIGH = '\ud83d';
const LONE_LOW = '\ude00';

function register(username: string, password = 'a long enough passphrase') {
  return testApp().app.inject({ method: 'POST', url: '/api/user/register', headers: WRITE_HEADERS, payload: { username, password } });
}

describe('text that is not valid Unicode', () => {
  let person: Person | undefined;
  const someone = async () => (person ??= await signUp(testApp().app, 'Surrogate Tester'));

  it('a username with a lone surrogate is refused with a 400 naming the username, and no account is made', async () => {
    const response = await register(`Ro${LONE_HIGH}bin`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'username is not valid Unicode text.', field: 'username' });
    const rows = await testApp().app.db.selectFrom('users').select('username').where('username', 'like', 'Ro%').execute();
    expect(rows).toEqual([]);
  });

  it('a comment with a lone surrogate is refused with a 400 naming the comment', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const response = await write(app, '/api/feedback', {
      as: await someone(),
      payload: { restroom_id: restroomId, upvote: 1, downvote: 0, comment: `Clean ${LONE_LOW} and bright` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field: 'comment', message: 'comment is not valid Unicode text.' });
    expect(await app.db.selectFrom('comments').select('id').where('restroom_id', '=', restroomId).execute()).toEqual([]);
  });

  it("a restroom's name with a lone surrogate is refused with a 400 naming the name", async () => {
    const { app } = testApp();
    const body = newRestroomBody();
    const response = await write(app, '/api/bathrooms', {
      as: await someone(),
      payload: { ...body, bathroomToAdd: { ...body.bathroomToAdd, name: `Walker ${LONE_HIGH}${LONE_HIGH}` } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field: 'bathroomToAdd.name', message: 'bathroomToAdd.name is not valid Unicode text.' });
  });

  it('a contact message with a lone surrogate is refused with a 400 naming the message', async () => {
    const { app } = testApp();
    const key = uuidv7();
    const response = await write(app, '/api/contact', { as: await someone(), key, payload: { details: `${LONE_LOW}Please add the library` } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field: 'details', message: 'details is not valid Unicode text.' });
    expect(await app.db.selectFrom('contact').select('id').where('id', '=', key).execute()).toEqual([]);
  });

  it('a whole pair is a character like any other and is kept', async () => {
    const response = await register(`Smile ${LONE_HIGH}${LONE_LOW}`);
    expect(response.statusCode).toBe(201);
    expect(response.json().username).toBe('Smile 😀');
  });
});

describe('text is stored composed (NFC)', () => {
  it('a comment typed with a combining accent reads back with the composed letter', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const decomposed = 'Cafe\u0301 downstairs, re\u0301sume\u0301 your walk';
    const response = await write(app, '/api/feedback', {
      as: await signUp(app, 'Accent Tester'),
      payload: { restroom_id: restroomId, upvote: 1, downvote: 0, comment: decomposed },
    });
    expect(response.statusCode).toBe(201);
    const detail = (await app.inject({ method: 'GET', url: `/api/bathrooms/${restroomId}` })).json<RestroomDetail>();
    expect(detail.comments.map((comment) => comment.content)).toEqual(['Café downstairs, résumé your walk']);
  });

  it("a restroom's name typed decomposed reads back composed", async () => {
    const { app } = testApp();
    const body = newRestroomBody();
    const key = uuidv7();
    const response = await write(app, '/api/bathrooms', {
      as: await signUp(app, 'Name Tester'),
      key,
      payload: { ...body, bathroomToAdd: { ...body.bathroomToAdd, name: 'Cafe\u0301 Zo\u0308e' } },
    });
    expect(response.statusCode).toBe(201);
    const row = await app.db.selectFrom('restrooms').select('name').where('id', '=', key).executeTakeFirstOrThrow();
    expect(row.name).toBe('Café Zöe');
  });

  it('a username typed decomposed is shown composed, and either spelling signs in', async () => {
    const { app } = testApp();
    const response = await register('Jose\u0301 Nun\u0303ez', 'jose has a long passphrase');
    expect(response.statusCode).toBe(201);
    expect(response.json().username).toBe('José Nuñez');
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: WRITE_HEADERS,
      payload: { username: 'josé nuñez', password: 'jose has a long passphrase' },
    });
    expect(login.statusCode).toBe(200);
  });
});
