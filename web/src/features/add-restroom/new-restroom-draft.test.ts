import { describe, expect, it } from 'vitest';
import type { NewRestroomBody } from '@allstall/shared';
import { makeNewRestroomBody, makePlace } from '@/test/fixtures';
import { checkNewRestroomDraft, isNewRestroomDraft, newRestroomDraftOf, newRestroomDraftOfBody } from './new-restroom-draft';

const place = makePlace({ place_id: 'osm:N42', name: 'Corner Cafe', formatted_address: '1 Main St, Minneapolis, MN 55401', street: '1 Main St' });

describe('newRestroomDraftOf', () => {
  it("starts from the place: its id, name, address, position and hours", () => {
    const draft = newRestroomDraftOf({ place, hours: [{ day: 2, open: 700, close: 1500 }], spot: null });
    expect(draft).toMatchObject({ placeID: 'osm:N42', name: 'Corner Cafe', formatted_address: place.formatted_address, position: { lat: 44.98, lng: -93.27 } });
    expect(draft.hours.known).toBe(true);
    expect(isNewRestroomDraft(draft)).toBe(true);
  });

  it("starts every amenity, who may use it and the fee at 'Not sure' (null), never at no", () => {
    const draft = newRestroomDraftOf({ place, hours: null, spot: null });
    expect(draft).toMatchObject({ accessible: null, changing_table: null, unisex: null, single_stall: null, menstrual_products: null, access: null, fee: null });
    expect(draft).not.toHaveProperty('is_public');
  });

  it('keeps a tapped spot over the place position, and starts empty by hand', () => {
    expect(newRestroomDraftOf({ place, hours: null, spot: { lat: 45, lng: -93 } }).position).toEqual({ lat: 45, lng: -93 });
    const byHand = newRestroomDraftOf({ place: null, hours: null, spot: null });
    expect(byHand).toMatchObject({ placeID: null, position: null, name: '', formatted_address: '' });
    expect(byHand.hours.known).toBe(false);
  });
});

describe('checkNewRestroomDraft', () => {
  it('trims the texts and leaves out blank comments', () => {
    const draft = { ...newRestroomDraftOf({ place, hours: null, spot: null }), name: '  Corner Cafe ', comment: '   ', commentForAdmin: ' Owner ' };
    const { write } = checkNewRestroomDraft(draft);
    expect(write?.kind).toBe('restroom');
    const body = write?.body as NewRestroomBody;
    expect(body.bathroomToAdd.name).toBe('Corner Cafe');
    expect(body.bathroomToAdd).not.toHaveProperty('comment');
    expect(body.bathroomToAdd.commentForAdmin).toBe('Owner');
    expect(body.bathroomHours).toBeNull();
  });

  it('names Name before Address, and both before the hours', () => {
    const draft = newRestroomDraftOf({ place: null, hours: null, spot: null });
    const badHours = { ...draft, hours: { ...draft.hours, known: true } };
    expect(checkNewRestroomDraft(badHours).problem).toEqual({ field: 'bathroomToAdd.name', message: 'Name is required.', code: 'listing.nameRequired' });
    expect(checkNewRestroomDraft({ ...badHours, name: 'Cafe' }).problem?.field).toBe('bathroomToAdd.formatted_address');
    expect(checkNewRestroomDraft({ ...badHours, name: 'Cafe', formatted_address: '1 Main St' }).problem?.field).toBe('bathroomHours');
  });

  it('refuses hours the server would refuse, such as two ranges that overlap', () => {
    const draft = newRestroomDraftOf({
      place,
      hours: [
        { day: 3, open: 900, close: 1300 },
        { day: 3, open: 1200, close: 1700 },
      ],
      spot: null,
    });
    expect(checkNewRestroomDraft(draft).problem?.field).toBe('bathroomHours.1');
  });

  it("sends the answers as given: null for 'Not sure', `access` and never `is_public`, and menstrual products", () => {
    const draft = { ...newRestroomDraftOf({ place, hours: null, spot: null }), unisex: true, changing_table: false, access: 'key' as const, fee: 'paid' as const };
    const body = checkNewRestroomDraft(draft).write?.body as NewRestroomBody;
    expect(body.bathroomToAdd).toMatchObject({
      unisex: true,
      changing_table: false,
      accessible: null,
      single_stall: null,
      menstrual_products: null,
      access: 'key',
      fee: 'paid',
    });
    expect(body.bathroomToAdd).not.toHaveProperty('is_public');
    // 'Not sure' goes as null: unknown is sent, not left out.
    expect((checkNewRestroomDraft({ ...draft, fee: null }).write?.body as NewRestroomBody).bathroomToAdd.fee).toBeNull();
  });

  it('gives back the submission a queued write holds', () => {
    const made = makeNewRestroomBody(
      { placeID: 'osm:N42', accessible: true, unisex: null, changing_table: true, single_stall: null, menstrual_products: false, access: 'customers', fee: 'free', comment: 'Key at the counter.' },
      [{ day: 0, open: 1000, close: 1400 }],
    );
    // What this app queues: `access`, no `is_public`.
    const { is_public: _older, ...restroom } = made.bathroomToAdd;
    const body: NewRestroomBody = { ...made, bathroomToAdd: restroom };
    expect(checkNewRestroomDraft(newRestroomDraftOfBody(body))).toEqual({ write: { kind: 'restroom', body }, problem: null });
  });

  it("reads a write queued by an older app: is_public true is 'Open to the public', false and no menstrual products unknown", () => {
    const older = (is_public: boolean) => {
      // An older app's body: is_public, and neither access nor menstrual products.
      const { access: _access, menstrual_products: _menstrual, ...before } = makeNewRestroomBody({ unisex: false }).bathroomToAdd;
      return newRestroomDraftOfBody({ bathroomToAdd: { ...before, is_public }, bathroomHours: null });
    };
    expect(older(true)).toMatchObject({ access: 'public', unisex: false, menstrual_products: null });
    expect(older(false)).toMatchObject({ access: null, menstrual_products: null });
    expect(checkNewRestroomDraft(older(true)).write?.body).not.toHaveProperty('bathroomToAdd.is_public');
  });

  it('reads a write queued before the fee existed as unknown, and a draft stashed before it still opens, at Not sure', () => {
    const { fee: _fee, ...before } = makeNewRestroomBody({ access: 'public' }).bathroomToAdd;
    expect(newRestroomDraftOfBody({ bathroomToAdd: before, bathroomHours: null })).toMatchObject({ access: 'public', fee: null });
    const { fee: _draftFee, ...stashed } = newRestroomDraftOf({ place, hours: null, spot: null });
    expect(isNewRestroomDraft(stashed)).toBe(true);
    expect((checkNewRestroomDraft(stashed).write?.body as NewRestroomBody).bathroomToAdd.fee).toBeNull();
  });

  it('does not take a stashed value of another shape for a draft', () => {
    expect(isNewRestroomDraft({ name: 'Cafe' })).toBe(false);
    expect(isNewRestroomDraft(null)).toBe(false);
  });
});
