import { describe, expect, it } from 'vitest';
import type { FlagBody } from '../schemas/writes.js';
import { contactProblem, CONTACT_EMPTY_MESSAGE, feedbackProblem, flagProblem } from './writes.js';
import { commentText } from './comment-text.js';

const flag: FlagBody = {
  restroom_id: '0190a000-0000-7000-8000-000000000001',
  name: 'Cafe',
  street: '1 Main St',
  city: 'Minneapolis',
  state: 'MN',
  accessible: false,
  changing_table: false,
  unisex: true,
  menstrual_products: false,
  is_single_stall: false,
  other: '',
  is_closed: false,
};

describe('feedbackProblem', () => {
  it('refuses both thumbs at once, naming downvote', () => {
    expect(feedbackProblem({ restroom_id: flag.restroom_id, upvote: 1, downvote: 1 })?.field).toBe('downvote');
  });
  it('accepts one thumb, or none', () => {
    expect(feedbackProblem({ restroom_id: flag.restroom_id, upvote: 1, downvote: 0 })).toBeNull();
    expect(feedbackProblem({ restroom_id: flag.restroom_id, upvote: 0, downvote: 0, comment: 'ok' })).toBeNull();
  });
});

describe('flagProblem', () => {
  it('needs a name unless the place is closed', () => {
    expect(flagProblem({ ...flag, name: '   ' })).toMatchObject({ field: 'name', message: 'Name is required.' });
    expect(flagProblem({ ...flag, name: '', is_closed: true })).toBeNull();
    expect(flagProblem(flag)).toBeNull();
  });
});

describe('contactProblem', () => {
  it("gives the spec's 'Hey!!' text for a blank message", () => {
    expect(contactProblem({ details: ' \n ' })).toMatchObject({ field: 'details', message: CONTACT_EMPTY_MESSAGE, code: 'contact.empty' });
    expect(contactProblem({ details: 'Thanks!' })).toBeNull();
  });
});

describe('commentText', () => {
  it('trims, and treats blank as no comment', () => {
    expect(commentText('  clean  ')).toBe('clean');
    expect(commentText('   ')).toBeNull();
    expect(commentText(undefined)).toBeNull();
  });
});
