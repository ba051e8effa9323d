import { describe, expect, it } from 'vitest';
import { restroomIsPublic } from './visibility.js';

describe('restroomIsPublic', () => {
  it('shows only approved listings that are not removed', () => {
    expect(restroomIsPublic({ status: 'approved', is_removed: false })).toBe(true);
    expect(restroomIsPublic({ status: 'approved', is_removed: true })).toBe(false);
    expect(restroomIsPublic({ status: 'pending', is_removed: false })).toBe(false);
    expect(restroomIsPublic({ status: 'rejected', is_removed: false })).toBe(false);
  });
});
