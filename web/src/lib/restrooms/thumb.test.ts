import { describe, expect, it } from 'vitest';
import { feedbackThumb } from './thumb';

describe('feedbackThumb', () => {
  it('reads the thumb from the upvote/downvote counts', () => {
    expect(feedbackThumb({ upvote: 1, downvote: 0 })).toBe('up');
    expect(feedbackThumb({ upvote: 0, downvote: 1 })).toBe('down');
    expect(feedbackThumb({ upvote: 0, downvote: 0 })).toBeNull();
  });
});
