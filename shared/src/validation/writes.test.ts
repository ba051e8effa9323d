import { describe, expect, it } from 'vitest';
import type { FlagBody } from '../schemas/writes.js';
import { flagProblem } from './flag.js';
import { apiErrorMessage } from '../api-errors/format-message.js';
import { contactProblem, feedbackProblem } from './writes.js';
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

  it('checks proposed hours as a new restroom’s, naming the range and the day', () => {
    const hours = [
      { day: 1, open: 900, close: 1700 },
      { day: 2, open: 900, close: 1275 },
    ];
    expect(flagProblem({ ...flag, hours })).toMatchObject({
      field: 'hours.1.close',
      message: 'The closing time on Tuesday is not a time of day.',
      code: 'hours.closingNotTime',
    });
    expect(flagProblem({ ...flag, hours: [{ day: 3, open: 800, close: 800 }] })).toMatchObject({ field: 'hours.0.close', code: 'hours.sameOpenClose' });
  });

  it('accepts a proposed week, hours unknown (null), or no proposal (absent)', () => {
    expect(flagProblem({ ...flag, hours: [{ day: 1, open: 900, close: 1700 }] })).toBeNull();
    expect(flagProblem({ ...flag, hours: null })).toBeNull();
    expect(flagProblem(flag)).toBeNull();
  });
});

describe('contactProblem', () => {
  it("gives the spec's 'Hey!!' text for a blank message", () => {
    expect(contactProblem({ details: ' \n ' })).toMatchObject({ field: 'details', message: apiErrorMessage('contact.empty'), code: 'contact.empty' });
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
