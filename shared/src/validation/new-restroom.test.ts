import { describe, expect, it } from 'vitest';
import Value from 'typebox/value';
import { NewRestroomBodySchema, type NewRestroomBody } from '../schemas/writes.js';
import { newRestroomAccess, newRestroomMenstrualProducts, newRestroomProblem } from './new-restroom.js';

const body: NewRestroomBody = {
  bathroomToAdd: {
    name: 'Walker Art Center',
    formatted_address: '725 Vineland Place, Minneapolis, MN 55403',
    accessible: true,
    access: 'customers',
    unisex: true,
    changing_table: false,
    single_stall: null,
    menstrual_products: null,
    latitude: 44.968,
    longitude: -93.289,
  },
  bathroomHours: [{ day: 2, open: 1100, close: 1700 }],
};

function withRestroom(change: Partial<NewRestroomBody['bathroomToAdd']>): NewRestroomBody {
  return { ...body, bathroomToAdd: { ...body.bathroomToAdd, ...change } };
}

describe('newRestroomProblem', () => {
  it('accepts a complete submission, one without hours and one without a position', () => {
    expect(newRestroomProblem(body)).toBeNull();
    expect(newRestroomProblem({ ...body, bathroomHours: null })).toBeNull();
    expect(newRestroomProblem(withRestroom({ latitude: null, longitude: null }))).toBeNull();
  });

  it('needs a name and an address with more than whitespace', () => {
    expect(newRestroomProblem(withRestroom({ name: ' \t ' }))).toMatchObject({ field: 'bathroomToAdd.name', message: 'Name is required.' });
    expect(newRestroomProblem(withRestroom({ formatted_address: '   ' }))).toMatchObject({
      field: 'bathroomToAdd.formatted_address',
      message: 'Address is required.',
    });
  });

  it('needs both coordinates or neither, naming the missing one', () => {
    expect(newRestroomProblem(withRestroom({ longitude: null }))?.field).toBe('bathroomToAdd.longitude');
    expect(newRestroomProblem(withRestroom({ latitude: null }))?.field).toBe('bathroomToAdd.latitude');
  });

  it('checks the hours, naming the range under bathroomHours', () => {
    const overlapping: NewRestroomBody = {
      ...body,
      bathroomHours: [{ day: 2, open: 1100, close: 1700 }, { day: 2, open: 1600, close: 1800 }],
    };
    expect(newRestroomProblem(overlapping)?.field).toBe('bathroomHours.1');
    expect(newRestroomProblem({ ...body, bathroomHours: [{ day: 2, open: 1100, close: 1100 }] })?.field).toBe('bathroomHours.0.close');
  });
});

describe('newRestroomAccess', () => {
  it("takes the submission's own access, unknown (null) included", () => {
    expect(newRestroomAccess({ access: 'customers' })).toBe('customers');
    expect(newRestroomAccess({ access: 'key', is_public: true })).toBe('key');
    expect(newRestroomAccess({ access: null, is_public: true })).toBeNull();
  });

  it("reads an older app's is_public: true as public, and an unticked box as unknown, never private", () => {
    expect(newRestroomAccess({ is_public: true })).toBe('public');
    expect(newRestroomAccess({ is_public: false })).toBeNull();
    expect(newRestroomAccess({})).toBeNull();
  });
});

describe('newRestroomMenstrualProducts', () => {
  it('keeps yes, no and unknown, and reads a submission without the field as unknown', () => {
    expect([true, false, null].map((menstrual_products) => newRestroomMenstrualProducts({ menstrual_products }))).toEqual([true, false, null]);
    expect(newRestroomMenstrualProducts({})).toBeNull();
  });
});

describe('NewRestroomSchema', () => {
  it('takes null for every amenity and for access', () => {
    const unknown = withRestroom({ accessible: null, unisex: null, changing_table: null, single_stall: null, menstrual_products: null, access: null });
    expect(Value.Check(NewRestroomBodySchema, unknown)).toBe(true);
    expect(Value.Check(NewRestroomBodySchema, withRestroom({ access: 'private' as never }))).toBe(false);
  });
});
