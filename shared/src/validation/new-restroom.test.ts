import { describe, expect, it } from 'vitest';
import type { NewRestroomBody } from '../schemas/writes.js';
import { newRestroomProblem } from './new-restroom.js';

const body: NewRestroomBody = {
  bathroomToAdd: {
    name: 'Walker Art Center',
    formatted_address: '725 Vineland Place, Minneapolis, MN 55403',
    accessible: true,
    is_public: true,
    unisex: true,
    changing_table: false,
    single_stall: false,
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
    expect(newRestroomProblem(withRestroom({ name: ' \t ' }))).toEqual({ field: 'bathroomToAdd.name', message: 'Name is required.' });
    expect(newRestroomProblem(withRestroom({ formatted_address: '   ' }))).toEqual({
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
