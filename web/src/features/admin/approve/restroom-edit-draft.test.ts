import { describe, expect, it } from 'vitest';
import type { AdminRestroom } from '@allstall/shared';
import { makeRestroom } from '@/test/fixtures';
import { checkRestroomEdit, restroomEditDraftOf } from './restroom-edit-draft';

const restroom: AdminRestroom = {
  ...makeRestroom({ name: 'Quiet Library', hours: [{ day: 1, open: 900, close: 1700 }] }),
  admin_comment: 'Seen it myself',
};

describe('checkRestroomEdit', () => {
  it('sends only the fields the admin changed, trimmed', () => {
    const draft = { ...restroomEditDraftOf(restroom), name: '  Loud Library ', accessible: true, admin_comment: '' };
    expect(checkRestroomEdit(restroom, draft)).toEqual({ body: { name: 'Loud Library', accessible: true, admin_comment: null }, problem: null });
  });

  it("sends null for an amenity or access set to 'Not sure', and a known value for one that was unknown", () => {
    const known: AdminRestroom = { ...restroom, unisex: true, changing_table: null, access: 'public' };
    const draft = { ...restroomEditDraftOf(known), unisex: null, changing_table: false, access: null };
    expect(checkRestroomEdit(known, draft)).toEqual({ body: { unisex: null, changing_table: false, access: null }, problem: null });
    expect(checkRestroomEdit(known, { ...restroomEditDraftOf(known), access: 'customers' }).body).toEqual({ access: 'customers' });
  });

  it("sends the fee the admin chose, null for 'Not sure', and nothing for a fee missing from a queue kept from before it", () => {
    const paid: AdminRestroom = { ...restroom, fee: 'paid' };
    expect(checkRestroomEdit(paid, { ...restroomEditDraftOf(paid), fee: 'free' }).body).toEqual({ fee: 'free' });
    expect(checkRestroomEdit(paid, { ...restroomEditDraftOf(paid), fee: null }).body).toEqual({ fee: null });
    const before = { ...restroom, fee: undefined } as unknown as AdminRestroom;
    expect(restroomEditDraftOf(before).fee).toBeNull();
    expect(checkRestroomEdit(before, restroomEditDraftOf(before))).toEqual({ body: null, problem: null });
  });

  it('starts from the restroom, unknown as null, and sends nothing for an unknown left unknown', () => {
    const unknown: AdminRestroom = { ...restroom, accessible: null, access: null };
    expect(restroomEditDraftOf(unknown)).toMatchObject({ accessible: null, access: null });
    expect(restroomEditDraftOf(unknown)).not.toHaveProperty('public');
    expect(checkRestroomEdit(unknown, restroomEditDraftOf(unknown))).toEqual({ body: null, problem: null });
  });

  it('has nothing to send when nothing changed', () => {
    expect(checkRestroomEdit(restroom, restroomEditDraftOf(restroom))).toEqual({ body: null, problem: null });
  });

  it('sends the whole week when the hours changed', () => {
    const draft = restroomEditDraftOf(restroom);
    const hours = { ...draft.hours, days: draft.hours.days.map((day) => (day.day === 1 ? { ...day, ranges: [{ open: '08:00', close: '17:00' }] } : day)) };
    expect(checkRestroomEdit(restroom, { ...draft, hours }).body).toEqual({ hours: [{ day: 1, open: 800, close: 1700 }] });
  });

  it('refuses a blank name and hours missing a time', () => {
    const draft = restroomEditDraftOf(restroom);
    expect(checkRestroomEdit(restroom, { ...draft, name: ' ' }).problem).toEqual({ field: 'name', message: 'Name is required.', code: 'listing.nameRequired' });
    const hours = { ...draft.hours, days: draft.hours.days.map((day) => (day.day === 1 ? { ...day, ranges: [{ open: '', close: '17:00' }] } : day)) };
    expect(checkRestroomEdit(restroom, { ...draft, hours }).problem?.message).toBe('Enter both times for Monday, or mark it closed.');
  });
});
