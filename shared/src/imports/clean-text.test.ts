import { describe, expect, it } from 'vitest';
import { cleanLine, cleanParagraph, clip, countryCode, repairMisdecodedUtf8, stateCode, unescapeText } from './clean-text.js';

describe('repairMisdecodedUtf8', () => {
  it.each([
    ['CafÃ©', 'Café'],
    ['donâ€™t', 'don’t'],
    ['CrÃ¨me brÃ»lÃ©e', 'Crème brûlée'],
    ['Ã‰glise', 'Église'],
    ['â€œQuotedâ€\u009d', '“Quoted”'],
    ['San JosÃƒÂ©', 'San José'],
    ['Emoji ðŸš»', 'Emoji 🚻'],
  ])('reads %j back as %j', (broken, fixed) => {
    expect(repairMisdecodedUtf8(broken)).toBe(fixed);
  });

  it.each(['Café', 'São Paulo', 'Ñandú', 'Crème brûlée', 'naïve — fine', '“Quoted”', 'Â alone', 'plain ASCII'])(
    'leaves correct text %j alone',
    (text) => {
      expect(repairMisdecodedUtf8(text)).toBe(text);
    },
  );

  it('leaves a sequence that is not valid UTF-8 as it came', () => {
    // E2 announces three bytes; "Ã" (C3) is no continuation byte, so nothing here is UTF-8.
    expect(repairMisdecodedUtf8('â€Ã')).toBe('â€Ã');
  });
});

describe('unescapeText', () => {
  it.each([
    ["Trader Joe\\'s", "Trader Joe's"],
    ['The \\"Spot\\"', 'The "Spot"'],
    ['double \\\\"escaped\\\\"', 'double "escaped"'],
    ['Barnes &amp; Noble', 'Barnes & Noble'],
    ['Joe&#39;s &quot;Place&quot;', 'Joe\'s "Place"'],
    ['&#x2019;', '’'],
  ])('%j → %j', (escaped, plain) => {
    expect(unescapeText(escaped)).toBe(plain);
  });

  it('keeps what only looks like an entity', () => {
    expect(unescapeText('Fish & Chips; &unknown; &#0;')).toBe('Fish & Chips; &unknown; &#0;');
  });
});

describe('cleanLine', () => {
  it('trims, joins lines and squeezes spaces, tabs and no-break spaces', () => {
    expect(cleanLine('  Walker \t Art\u00A0Center \r\n lobby  ')).toBe('Walker Art Center lobby');
  });

  it('drops control and zero-width characters', () => {
    expect(cleanLine('\uFEFFCity\u200B Hall\u0007')).toBe('City Hall');
  });

  it('repairs and unescapes in one go', () => {
    expect(cleanLine(' Joe\\\'s CafÃ© ')).toBe("Joe's Café");
  });

  it('reads null and undefined as empty', () => {
    expect(cleanLine(null)).toBe('');
    expect(cleanLine(undefined)).toBe('');
  });
});

describe('cleanParagraph', () => {
  it('keeps line breaks, trims each line and allows one blank line at most', () => {
    expect(cleanParagraph('  Go in the back.  \r\n\r\n\r\n\r\n Ask  for the key.\n')).toBe('Go in the back.\n\nAsk for the key.');
  });

  it('is null when nothing is left', () => {
    expect(cleanParagraph('  \n\t ')).toBeNull();
    expect(cleanParagraph(null)).toBeNull();
  });
});

describe('clip', () => {
  it('cuts to the length and never through a character made of two units', () => {
    expect(clip('abcdef', 4)).toBe('abcd');
    expect(clip('abc🚻', 4)).toBe('abc');
    expect(clip('short', 10)).toBe('short');
  });
});

describe('countryCode', () => {
  it.each(['US', 'us', 'USA', 'U.S.A.', 'United States', 'united states of america', ' US '])('%j is US', (text) => {
    expect(countryCode(text)).toBe('US');
  });

  it('upper-cases other two-letter codes and keeps any other name as written', () => {
    expect(countryCode('ca')).toBe('CA');
    expect(countryCode(' Canada ')).toBe('Canada');
    expect(countryCode(null)).toBe('');
  });
});

describe('stateCode', () => {
  it('turns a US state name or code into its code', () => {
    expect(stateCode('Minnesota ', 'US')).toBe('MN');
    expect(stateCode('mn', '')).toBe('MN');
  });

  it('keeps what it does not know, and states of other countries', () => {
    expect(stateCode('Hennepin County', 'US')).toBe('Hennepin County');
    expect(stateCode('ON', 'CA')).toBe('ON');
  });
});
