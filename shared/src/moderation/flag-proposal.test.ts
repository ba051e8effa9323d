import { describe, expect, it } from 'vitest';
import type { FlagProposal } from '../schemas/moderation.js';
import { flagChangedFields, flagDecisionChanges, flagDecisionProblem, flagProposalOfRestroom } from './flag-proposal.js';

const original: FlagProposal = {
  name: 'Test Cafe',
  street: '1 Main St',
  city: 'Minneapolis',
  state: 'MN',
  unisex: true,
  accessible: false,
  changing_table: false,
  is_single_stall: true,
  menstrual_products: false,
  access: null,
  fee: null,
  is_closed: false,
};

describe('flagProposalOfRestroom', () => {
  it('reads a removed restroom as permanently closed', () => {
    const restroom = { ...original, is_removed: true, country: 'US' };
    expect(flagProposalOfRestroom(restroom)).toEqual({ ...original, is_closed: true });
    expect(flagProposalOfRestroom({ ...restroom, is_removed: false })).toEqual(original);
  });
});

describe('flagChangedFields', () => {
  it('lists the fields the proposal changes, in the dialog’s order', () => {
    const proposed = { ...original, menstrual_products: true, name: 'Test Cafe (upstairs)', accessible: true };
    expect(flagChangedFields(proposed, original)).toEqual(['name', 'accessible', 'menstrual_products']);
  });

  it('finds nothing changed in an unchanged proposal, whatever the spacing around the text', () => {
    expect(flagChangedFields({ ...original, name: '  Test Cafe ', city: 'Minneapolis\n' }, original)).toEqual([]);
  });

  it('counts a change of capitals as a change', () => {
    expect(flagChangedFields({ ...original, street: '1 MAIN ST' }, original)).toEqual(['street']);
  });

  it('reports only the closure when the place is reported closed, whatever the disabled fields hold', () => {
    expect(flagChangedFields({ ...original, name: '', street: '', unisex: false, is_closed: true }, original)).toEqual(['is_closed']);
    expect(flagChangedFields({ ...original, is_closed: true }, { ...original, is_closed: true })).toEqual([]);
  });
});

describe('proposed hours', () => {
  const week = [
    { day: 1, open: 900, close: 1700 },
    { day: 2, open: 900, close: 1700 },
  ];
  const withHours: FlagProposal = { ...original, hours: week };

  it('keeps the restroom’s hours on the original side when it has them', () => {
    expect(flagProposalOfRestroom({ ...original, is_removed: false, hours: week })).toEqual(withHours);
    expect(flagProposalOfRestroom({ ...original, is_removed: false, hours: null })).toEqual({ ...original, hours: null });
  });

  it('counts hours as changed only when they say something else, whatever the order of the ranges', () => {
    expect(flagChangedFields({ ...withHours, hours: [...week].reverse() }, withHours)).toEqual([]);
    expect(flagChangedFields({ ...withHours, hours: [{ day: 1, open: 800, close: 1700 }] }, withHours)).toEqual(['hours']);
    expect(flagChangedFields({ ...withHours, name: 'New', hours: null }, withHours)).toEqual(['name', 'hours']);
  });

  it('finds no change to the hours in a proposal without them (an older app’s flag)', () => {
    expect(flagChangedFields(original, withHours)).toEqual([]);
    expect(flagDecisionChanges(original, withHours)).toEqual({});
  });

  it('replaces the week on approval, or clears it for hours unknown', () => {
    const proposedWeek = [{ day: 0, open: 1000, close: 1400 }];
    expect(flagDecisionChanges({ ...withHours, hours: proposedWeek }, withHours)).toEqual({ hours: proposedWeek });
    expect(flagDecisionChanges({ ...withHours, hours: null }, withHours)).toEqual({ hours: null });
    expect(flagDecisionChanges({ ...withHours, hours: proposedWeek }, withHours, { name: 'Edited' })).toEqual({ name: 'Edited', hours: proposedWeek });
  });

  it('leaves the hours alone when the place is reported closed', () => {
    expect(flagDecisionChanges({ ...withHours, hours: null, is_closed: true }, withHours)).toEqual({ is_closed: true });
  });
});

describe('flagDecisionChanges', () => {
  it('applies only what the proposal changed, trimmed', () => {
    const proposed = { ...original, name: ' Test Cafe (upstairs) ', unisex: false };
    expect(flagDecisionChanges(proposed, original)).toEqual({ name: 'Test Cafe (upstairs)', unisex: false });
  });

  it('lets the admin’s edits override proposed values and add fields of their own', () => {
    const proposed = { ...original, name: 'Test Cafe upstairs' };
    const changes = flagDecisionChanges(proposed, original, { name: 'Test Cafe (2nd floor)', changing_table: true });
    expect(changes).toEqual({ name: 'Test Cafe (2nd floor)', changing_table: true });
  });

  it('applies a field the admin edited back to its original value, so the restroom ends as the admin saw it', () => {
    const proposed = { ...original, name: 'Wrong Name' };
    expect(flagDecisionChanges(proposed, original, { name: 'Test Cafe' })).toEqual({ name: 'Test Cafe' });
  });

  it('turns a closure into removal and nothing else', () => {
    const proposed = { ...original, name: '', street: '', is_closed: true };
    expect(flagDecisionChanges(proposed, original)).toEqual({ is_closed: true });
    expect(flagDecisionChanges(proposed, original, { name: 'Ignored while closed' })).toEqual({ is_closed: true });
  });

  it('lets the admin turn a closure down and apply the rest instead', () => {
    const proposed = { ...original, name: 'Test Cafe (closed?)', is_closed: true };
    expect(flagDecisionChanges(proposed, original, { is_closed: false })).toEqual({ name: 'Test Cafe (closed?)', is_closed: false });
  });

  it('changes nothing for a proposal that changes nothing', () => {
    expect(flagDecisionChanges({ ...original }, original)).toEqual({});
  });
});

describe('flagDecisionProblem', () => {
  it('refuses to leave the restroom without a name, naming edits.name', () => {
    expect(flagDecisionProblem({ name: '' })).toMatchObject({ field: 'edits.name', message: 'Name is required.' });
    expect(flagDecisionProblem({ name: 'Fine' })).toBeNull();
    expect(flagDecisionProblem({ is_closed: true })).toBeNull();
  });
});
