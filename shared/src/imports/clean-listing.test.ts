import { describe, expect, it } from 'vitest';
import { RESTROOM_NAME_MAX_LENGTH, STREET_MAX_LENGTH } from '../restrooms/listing-fields.js';
import { cleanImportRow, cleanListingText, type ListingText } from './clean-listing.js';

const clean: ListingText = {
  name: 'Caribou Coffee',
  street: '2111 Snelling Avenue North, St Paul, MN',
  city: 'St. Paul',
  state: 'MN',
  country: 'US',
  directions: 'Past the counter, on the left.',
  comment: 'Ask for the key.',
};

describe('cleanListingText', () => {
  it('cleans every text field of a listing', () => {
    expect(
      cleanListingText({
        name: ' Caribou&#8206; Coffee ',
        street: '2111 Snelling Avenue North, St Paul, MN&#8206;',
        city: 'St.&nbsp;Paul\u200B',
        state: '&#x200E;MN',
        country: 'US\uFEFF',
        directions: 'Past the counter,&#10;on the left.\u200F',
        comment: 'Ask for the key &amp;amp; a smile.',
      }),
    ).toEqual({
      ...clean,
      directions: 'Past the counter,\non the left.',
      comment: 'Ask for the key & a smile.',
    });
  });

  it('gives a clean listing back unchanged', () => {
    expect(cleanListingText(clean)).toEqual(clean);
    expect(cleanListingText({ ...clean, directions: null, comment: null })).toEqual({ ...clean, directions: null, comment: null });
  });

  it('keeps state and country as spelled: codes are the importers’ mapping, not cleaning', () => {
    expect(cleanListingText({ ...clean, state: 'Minnesota ', country: 'United States' })).toMatchObject({ state: 'Minnesota', country: 'United States' });
  });

  it('names a listing whose name cleans away entirely as a Refuge import does', () => {
    expect(cleanListingText({ ...clean, name: '&#8206;\u200B' }).name).toBe('Restroom (2111 Snelling Avenue North, St Paul, MN)');
    expect(cleanListingText({ ...clean, name: '&lrm;', street: '' }).name).toBe('Restroom');
  });

  it('makes free text that is only marks null', () => {
    expect(cleanListingText({ ...clean, directions: '&#8206;', comment: ' \u200B ' })).toMatchObject({ directions: null, comment: null });
  });

  it('keeps each field within its maximum even where composing letters lengthens them', () => {
    // U+0958 is one of the few letters whose composed form is two characters.
    const cleaned = cleanListingText({ ...clean, name: '\u0958'.repeat(RESTROOM_NAME_MAX_LENGTH), street: '\u0958'.repeat(STREET_MAX_LENGTH) });
    expect(cleaned.name.length).toBeLessThanOrEqual(RESTROOM_NAME_MAX_LENGTH);
    expect(cleaned.street.length).toBeLessThanOrEqual(STREET_MAX_LENGTH);
  });
});

describe('cleanImportRow', () => {
  it('cleans the text of a row sent back from the review and keeps everything else', () => {
    const row = {
      source_id: '413',
      ...clean,
      street: '2111 Snelling Avenue North, St Paul, MN&#8206;',
      latitude: 44.94383,
      longitude: -93.09332,
      unisex: false,
      accessible: true,
      changing_table: false,
      is_single_stall: null,
      menstrual_products: null,
      access: 'customers' as const,
      fee: null,
      upvotes: 3,
      downvotes: 1,
      hours: [{ day: 1, open: 630, close: 2100 }],
      place_id: null,
      created_at: '2014-02-02T20:49:35.168Z',
      updated_at: null,
    };
    expect(cleanImportRow(row)).toEqual({ ...row, street: '2111 Snelling Avenue North, St Paul, MN' });
  });
});
