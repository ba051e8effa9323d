import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from './csv.js';

describe('csvField', () => {
  it('leaves plain text, numbers and booleans bare and writes null as an empty cell', () => {
    expect([csvField('Walker Art Center'), csvField(44.9), csvField(true), csvField(null)]).toEqual([
      'Walker Art Center',
      '44.9',
      'true',
      '',
    ]);
  });

  it('quotes a comma, a quote (doubled), line breaks and edge spaces', () => {
    expect(csvField('Cafe, Bar')).toBe('"Cafe, Bar"');
    expect(csvField('The "Nook"')).toBe('"The ""Nook"""');
    expect(csvField('Line one\nline two')).toBe('"Line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField(' padded ')).toBe('" padded "');
  });
});

describe('csvRecord', () => {
  it('joins the fields with commas and ends the record with CRLF', () => {
    expect(csvRecord(['a', 'b, c', null, 2])).toBe('a,"b, c",,2\r\n');
  });
});
