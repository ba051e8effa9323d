import { describe, expect, it } from 'vitest';
import type { FlagBody } from '@allstall/shared';
import { makeRestroom } from '@/test/fixtures';
import { checkFlagDraft, flagDraftOf, flagDraftOfBody, isFlagDraft, type FlagDraft } from './flag-draft';

const WEEKDAYS = [1, 2, 3, 4, 5].map((day) => ({ day, open: 900, close: 1700 }));

/** The draft with one weekday's mode or times changed, as the editor would change them. */
function withDay(draft: FlagDraft, day: number, change: Partial<FlagDraft['hours']['days'][number]>): FlagDraft {
  return { ...draft, hours: { ...draft.hours, days: draft.hours.days.map((d) => (d.day === day ? { ...d, ...change } : d)) } };
}

describe('flagDraftOf', () => {
  it("starts from the listing's yes, no and unknown (null) and who may use it", () => {
    const restroom = makeRestroom({ unisex: null, accessible: true, changing_table: false, menstrual_products: null, access: 'customers' });
    const draft = flagDraftOf(restroom);
    expect(draft).toMatchObject({ unisex: null, accessible: true, changing_table: false, menstrual_products: null, access: 'customers' });
    expect(checkFlagDraft(draft).write?.body).toMatchObject({ unisex: null, accessible: true, access: 'customers' });
  });

  it('keeps an unknown access as null, not as absent (absent would keep whatever the listing says by then)', () => {
    expect(flagDraftOf(makeRestroom({ access: null }))).toHaveProperty('access', null);
  });

  it("starts the hours editor from the listing's hours, closed, so the suggestion leaves the hours alone", () => {
    const draft = flagDraftOf(makeRestroom({ hours: WEEKDAYS }));
    expect(draft.suggestHours).toBe(false);
    expect(draft.hours.known).toBe(true);
    expect(draft.hours.days.find((day) => day.day === 1)).toEqual({ day: 1, mode: 'open', ranges: [{ open: '09:00', close: '17:00' }] });
    expect(draft.hours.days.find((day) => day.day === 0)?.mode).toBe('closed');
    expect(checkFlagDraft(draft).write?.body).not.toHaveProperty('hours');
    expect(isFlagDraft(draft)).toBe(true);
  });
});

describe('checkFlagDraft with suggested hours', () => {
  const restroom = makeRestroom({ hours: WEEKDAYS });

  it('queues the week the editor holds once the person suggests new hours', () => {
    const draft = withDay({ ...flagDraftOf(restroom), suggestHours: true }, 6, { mode: 'open', ranges: [{ open: '10:00', close: '14:00' }] });
    expect(checkFlagDraft(draft)).toEqual({
      write: { kind: 'flag', body: expect.objectContaining({ hours: [...WEEKDAYS, { day: 6, open: 1000, close: 1400 }] }) },
      problem: null,
    });
  });

  it("queues null for 'Hours unknown'", () => {
    const draft = { ...flagDraftOf(restroom), suggestHours: true };
    expect(checkFlagDraft({ ...draft, hours: { ...draft.hours, known: false } }).write?.body).toHaveProperty('hours', null);
  });

  it('names the day of a time left blank, on the hours field, and queues nothing', () => {
    const draft = withDay({ ...flagDraftOf(restroom), suggestHours: true }, 2, { ranges: [{ open: '09:00', close: '' }] });
    expect(checkFlagDraft(draft)).toEqual({ write: null, problem: { field: 'hours', message: 'Enter both times for Tuesday, or mark it closed.' } });
  });

  it('reports a missing name before the hours (the name is at the top of the form)', () => {
    const draft = withDay({ ...flagDraftOf(restroom), name: ' ', suggestHours: true }, 2, { ranges: [{ open: '', close: '' }] });
    expect(checkFlagDraft(draft).problem?.field).toBe('name');
  });

  it('sends no hours for a place reported closed: the editor is disabled then', () => {
    const draft = { ...flagDraftOf(restroom), suggestHours: true, is_closed: true };
    expect(checkFlagDraft(withDay(draft, 2, { ranges: [] })).write?.body).not.toHaveProperty('hours');
  });
});

describe('flagDraftOfBody', () => {
  const body: FlagBody = { ...checkFlagDraft(flagDraftOf(makeRestroom())).write!.body } as FlagBody;

  it('brings a queued suggestion with hours back into the editor, open', () => {
    const draft = flagDraftOfBody({ ...body, hours: [{ day: 3, open: 800, close: 1200 }] });
    expect(draft.suggestHours).toBe(true);
    expect(draft.hours.days.find((day) => day.day === 3)?.ranges).toEqual([{ open: '08:00', close: '12:00' }]);
    expect(checkFlagDraft(draft).write?.body).toHaveProperty('hours', [{ day: 3, open: 800, close: 1200 }]);
  });

  it('keeps a queued suggestion without hours (an older app’s) without them', () => {
    const draft = flagDraftOfBody(body);
    expect(draft.suggestHours).toBe(false);
    expect(checkFlagDraft(draft).write?.body).toEqual(body);
  });

  it('does not take a draft stashed before hours could be suggested', () => {
    expect(isFlagDraft(body)).toBe(false);
  });
});

describe('the fee in a suggestion', () => {
  it("starts from the listing's fee, unknown as null rather than absent", () => {
    expect(checkFlagDraft(flagDraftOf(makeRestroom({ fee: 'paid' }))).write?.body).toHaveProperty('fee', 'paid');
    expect(checkFlagDraft(flagDraftOf(makeRestroom({ fee: null }))).write?.body).toHaveProperty('fee', null);
  });
});
