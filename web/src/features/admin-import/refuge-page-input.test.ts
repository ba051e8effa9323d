import { describe, expect, it } from 'vitest';
import { checkRefugePageInput, refugeImportPath } from './refuge-page-input';

describe('checkRefugePageInput', () => {
  it('takes whole numbers within the server bounds', () => {
    expect(checkRefugePageInput({ perPage: ' 25 ', page: '3' })).toEqual({ query: { per_page: 25, page: 3 }, problem: null });
    expect(checkRefugePageInput({ perPage: '100', page: '100000' }).query).toEqual({ per_page: 100, page: 100000 });
  });

  it.each(['', '0', '101', '2.5', 'ten'])('refuses %j bathrooms per page, naming the field', (perPage) => {
    expect(checkRefugePageInput({ perPage, page: '1' })).toEqual({
      query: null,
      problem: { field: 'per_page', message: 'Bathrooms per page must be a whole number from 1 to 100.' },
    });
  });

  it.each(['', '0', '-1', '100001', '1.5'])('refuses page number %j', (page) => {
    expect(checkRefugePageInput({ perPage: '10', page })).toEqual({
      query: null,
      problem: { field: 'page', message: 'Page number must be a whole number from 1 to 100,000.' },
    });
  });
});

describe('refugeImportPath', () => {
  it('asks the admin import route for the page', () => {
    expect(refugeImportPath({ per_page: 20, page: 2 })).toBe('/api/admin/import/refuge?per_page=20&page=2');
  });
});
