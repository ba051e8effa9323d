import { describe, expect, it } from 'vitest';
import type { FlagProposal } from '@allstall/shared';
import { checkFlagApproval, flagEditsOf } from './flag-edits';

const original: FlagProposal = {
  name: 'Quiet Library',
  street: '1 Main St',
  city: 'Minneapolis',
  state: 'MN',
  unisex: false,
  accessible: false,
  changing_table: false,
  is_single_stall: false,
  menstrual_products: false,
  access: 'public',
  fee: null,
  is_closed: false,
};
const proposed: FlagProposal = { ...original, name: 'Loud Library', accessible: true };

describe('flagEditsOf', () => {
  it('keeps only what the admin changed in the proposal, trimmed', () => {
    expect(flagEditsOf(proposed, { ...proposed, name: ' Loud Library ', city: 'St Paul ', accessible: false })).toEqual({
      city: 'St Paul',
      accessible: false,
    });
  });
});

describe('flagEditsOf, yes / no / unknown', () => {
  it("sends null for an amenity or access the admin set to 'Not sure', and a value for one the proposal left unknown", () => {
    const unsure: FlagProposal = { ...proposed, unisex: null, access: 'customers' };
    expect(flagEditsOf(unsure, { ...unsure, accessible: null, access: null, unisex: true })).toEqual({ accessible: null, access: null, unisex: true });
    expect(flagEditsOf(unsure, { ...unsure })).toEqual({});
  });
});

describe('checkFlagApproval', () => {
  it('sends null edits with the approval', () => {
    expect(checkFlagApproval({ proposed, original }, { ...proposed, changing_table: null }).decision).toEqual({
      status: 'approved',
      edits: { changing_table: null },
    });
  });

  it('approves the proposal as it is without edits', () => {
    expect(checkFlagApproval({ proposed, original }, proposed)).toEqual({ decision: { status: 'approved' }, problem: null });
  });

  it('sends the admin’s edits with the approval', () => {
    expect(checkFlagApproval({ proposed, original }, { ...proposed, name: 'Library' }).decision).toEqual({
      status: 'approved',
      edits: { name: 'Library' },
    });
  });

  it('refuses to leave the restroom without a name', () => {
    expect(checkFlagApproval({ proposed, original }, { ...proposed, name: '  ' }).problem).toEqual({ field: 'edits.name', message: 'Name is required.', code: 'listing.nameRequired' });
  });
});
