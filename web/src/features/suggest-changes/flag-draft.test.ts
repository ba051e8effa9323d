import { describe, expect, it } from 'vitest';
import { makeRestroom } from '../../test/fixtures';
import { checkFlagDraft, flagBodyOf } from './flag-draft';

describe('flagBodyOf', () => {
  it("starts from the listing's yes, no and unknown (null) and who may use it", () => {
    const restroom = makeRestroom({ unisex: null, accessible: true, changing_table: false, menstrual_products: null, access: 'customers' });
    const body = flagBodyOf(restroom);
    expect(body).toMatchObject({ unisex: null, accessible: true, changing_table: false, menstrual_products: null, access: 'customers' });
    expect(checkFlagDraft(body)).toEqual({ write: { kind: 'flag', body }, problem: null });
  });

  it('keeps an unknown access as null, not as absent (absent would keep whatever the listing says by then)', () => {
    expect(flagBodyOf(makeRestroom({ access: null }))).toHaveProperty('access', null);
  });

  it("starts from the listing's fee, unknown as null rather than absent", () => {
    expect(flagBodyOf(makeRestroom({ fee: 'paid' }))).toHaveProperty('fee', 'paid');
    expect(flagBodyOf(makeRestroom({ fee: null }))).toHaveProperty('fee', null);
  });
});
