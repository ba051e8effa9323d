import { PersonalDataSchema, type PersonalData } from '@allstall/shared';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { personWhoDidEverything, readAs, type EverythingDone } from '../support/account-fixtures.js';
import { signInAdmin, signUp } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

const testApp = useTestApp();
let ada: EverythingDone;
let bo: EverythingDone;

beforeAll(async () => {
  const { app } = testApp();
  const admin = await signInAdmin(app);
  ada = await personWhoDidEverything(app, 'Ada Exporter', admin);
  bo = await personWhoDidEverything(app, 'Bo Bystander', admin);
});

async function exportOf(done: EverythingDone) {
  const response = await readAs(testApp().app, '/api/user/export', done.person);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('GET /api/user/export', () => {
  it('is one JSON file, format 1, that the shared schema accepts, offered as a download', async () => {
    const response = await exportOf(ada);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="allstall-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = response.json<PersonalData>();
    expect(Value.Check(PersonalDataSchema, data)).toBe(true);
    expect(data.format).toBe(1);
    expect(data.account).toMatchObject({ id: ada.person.id, username: 'Ada Exporter', is_admin: true, second_factor: true });
  });

  it('holds every row of the person, table by table', async () => {
    const data = (await exportOf(ada)).json<PersonalData>();
    // The restroom the person added came with a comment of theirs too.
    expect(data.comments.map((comment) => comment.id)).toEqual(expect.arrayContaining([ada.liveCommentId, ada.deletedCommentId]));
    expect(data.comments.filter((comment) => comment.restroom_id === ada.addedRestroomId)).toHaveLength(1);
    expect(data.comments.find((comment) => comment.id === ada.deletedCommentId)?.deleted_at).not.toBeNull();
    expect(data.comments.find((comment) => comment.id === ada.liveCommentId)).toMatchObject({ content: 'Clean, says Ada Exporter.', deleted_at: null });
    expect(data.votes.map((vote) => [vote.restroom_id, vote.vote])).toEqual(expect.arrayContaining([[ada.votedRestroomIds[0], 1], [ada.votedRestroomIds[1], -1]]));
    expect(data.votes).toHaveLength(2);
    expect(data.confirmations.map((confirmation) => confirmation.restroom_id)).toEqual([ada.votedRestroomIds[0]]);
    expect(data.flags.map((flag) => flag.id).sort()).toEqual([...ada.flagIds].sort());
    expect(data.flags.find((flag) => flag.id === ada.flagIds[1])?.status).toBe('rejected');
    expect(data.flags.find((flag) => flag.id === ada.flagIds[0])).toMatchObject({ status: 'open', proposed: expect.objectContaining({ name: 'Test Cafe (upstairs)', is_closed: expect.any(Boolean) }) });
    expect(data.contact_messages).toEqual([expect.objectContaining({ id: ada.contactId, details: 'Hello from Ada Exporter.', resolved: true })]);
    expect(data.restrooms_added).toEqual([expect.objectContaining({ id: ada.addedRestroomId, status: 'approved' })]);
    expect(data.moderation_decisions).toEqual([expect.objectContaining({ action: 'restroom.approve', entity_id: ada.decidedRestroomId })]);
    expect(data.sessions).toEqual([expect.objectContaining({ device: 'Unknown device', user_agent: 'lightMyRequest' })]);
  });

  it('counts the same rows the database holds for the person, and nothing of anyone else', async () => {
    const { app } = testApp();
    const data = (await exportOf(ada)).json<PersonalData>();
    const countOf = async (table: 'comments' | 'votes' | 'confirmations' | 'flags' | 'contact') =>
      (await app.db.selectFrom(table).select('user_id').where('user_id', '=', ada.person.id).execute()).length;
    expect(data.comments).toHaveLength(await countOf('comments'));
    expect(data.votes).toHaveLength(await countOf('votes'));
    expect(data.confirmations).toHaveLength(await countOf('confirmations'));
    expect(data.flags).toHaveLength(await countOf('flags'));
    expect(data.contact_messages).toHaveLength(await countOf('contact'));

    const text = JSON.stringify(data);
    const othersIds = [bo.person.id, bo.liveCommentId, bo.deletedCommentId, ...bo.flagIds, bo.contactId, bo.addedRestroomId, bo.decidedRestroomId, ...bo.votedRestroomIds];
    for (const id of [...othersIds, ada.friend.id, ada.friendCommentId]) expect(text).not.toContain(id);
    for (const words of ['Bo Bystander', 'Found it, thanks!', 'Hello from Bo']) expect(text).not.toContain(words);
    // Never what opens the account.
    for (const secret of ['password', 'secret', 'recovery', 'hash']) expect(Object.keys(data.account).join()).not.toContain(secret);
  });

  it('is nearly empty for a person who did nothing, and refuses a guest', async () => {
    const { app } = testApp();
    const quiet = await signUp(app, 'Quiet Quinn');
    const data = (await readAs(app, '/api/user/export', quiet)).json<PersonalData>();
    expect(data).toMatchObject({ comments: [], votes: [], confirmations: [], flags: [], contact_messages: [], restrooms_added: [], moderation_decisions: [] });
    expect((await readAs(app, '/api/user/export')).statusCode).toBe(401);
  });
});
