import { describe, expect, it } from 'vitest';
import { accessIsPublic, feeIsFree } from './listing-fields.js';

describe('the filters’ yes, no and unknown for access and fee', () => {
  it('reads only public as open to the public; customers only and a key are a known no, never unknown', () => {
    expect([accessIsPublic('public'), accessIsPublic('customers'), accessIsPublic('key'), accessIsPublic(null), accessIsPublic(undefined)]).toEqual([
      true,
      false,
      false,
      null,
      null,
    ]);
  });

  it('reads free as yes and paid as a known no', () => {
    expect([feeIsFree('free'), feeIsFree('paid'), feeIsFree(null), feeIsFree(undefined)]).toEqual([true, false, null, null]);
  });
});
