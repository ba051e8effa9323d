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

  it('decodes an entity that stands for a direction mark and then drops the mark (the Refuge street)', () => {
    expect(cleanLine('2111 Snelling Avenue North, St Paul, MN&#8206;')).toBe('2111 Snelling Avenue North, St Paul, MN');
    expect(cleanLine('MN&#x200E; ')).toBe('MN');
    expect(cleanLine('&lrm;MN&rlm;')).toBe('MN');
  });

  it.each([
    ['zero-width space', 'City\u200BHall'],
    ['left-to-right mark', 'City\u200EHall'],
    ['right-to-left mark', 'City\u200FHall'],
    ['embeddings and overrides', '\u202ACity\u202BHall\u202C\u202D\u202E'],
    ['isolates', '\u2066City\u2067Hall\u2068\u2069'],
    ['word joiner', 'City\u2060Hall'],
    ['byte-order mark', '\uFEFFCityHall'],
    ['soft hyphen', 'City\u00ADHall'],
  ])('drops the %s', (_what, text) => {
    expect(cleanLine(text)).toBe('CityHall');
  });

  it('squeezes the spaces a dropped mark leaves between words, and trims them at the ends', () => {
    expect(cleanLine(' \u200E 300 \u200B Nicollet\u00A0&#8206;\u00A0Mall &#x200F; ')).toBe('300 Nicollet Mall');
    expect(cleanLine('&#8206;&nbsp;&#8207;')).toBe('');
  });

  it('decodes the named references real data holds, Latin-1 letters and punctuation', () => {
    expect(cleanLine('Caf&eacute; &amp; Cr&egrave;merie &ndash; Joe&rsquo;s &#8220;Spot&#8221;')).toBe('Café & Crèmerie – Joe’s “Spot”');
  });

  it('decodes double-encoded references all the way: a listing never means to show entity code', () => {
    expect(cleanLine('MN&amp;#8206;')).toBe('MN');
    expect(cleanLine('Fish &amp;amp; Chips')).toBe('Fish & Chips');
    expect(cleanLine('Caf&amp;eacute;')).toBe('Café');
  });

  it('repairs UTF-8 that was mis-read and then written as references', () => {
    expect(cleanLine('Caf&#195;&#169;')).toBe('Café');
  });

  it('leaves an unknown entity, a lone ampersand and a reference without its semicolon as written', () => {
    expect(cleanLine('Fish & Chips &unknown; AT&T &amp')).toBe('Fish & Chips &unknown; AT&T &amp');
    expect(cleanLine('&')).toBe('&');
  });

  it.each([
    ['transgender flag', 'Pride 🏳️‍⚧️ Café'],
    ['rainbow flag', '🏳️‍🌈 All welcome'],
    ['person in a wheelchair with a skin tone', 'Ramp 👩🏽‍🦽'],
    ['restroom sign', '🚻'],
    ['Persian with a zero-width non-joiner', 'می‌خواهم'],
    ['Hindi with a zero-width joiner', 'क्‍ष'],
    ['Cyrillic', 'Кафе «Уют»'],
    ['Arabic', 'مقهى البلد'],
    ['Japanese', '新宿駅 トイレ'],
    ['Hebrew', 'שירותים'],
  ])('leaves the %s untouched', (_what, text) => {
    expect(cleanLine(text)).toBe(text);
  });

  it('drops a joiner that joins nothing: at either end, beside ASCII or a space', () => {
    expect(cleanLine('\u200DCafe\u200C \u200D Bar\u200D')).toBe('Cafe Bar');
    expect(cleanLine('🚻\u200D')).toBe('🚻');
  });

  it('reads the line and paragraph separators as line breaks', () => {
    expect(cleanLine('Main St\u2028Suite 2')).toBe('Main St Suite 2');
  });

  it('gives clean text back as it is, so cleaning twice is cleaning once', () => {
    const messy = [
      'MN&amp;amp;#8206;',
      '  Joe\\\'s  CafÃƒÂ© &amp;amp; Bar\u200E ',
      'Caf&amp;#195;&amp;#169;',
      'Pride 🏳️‍⚧️\u200B &#x1F6BB;',
      '&amp;amp;amp;amp;lt;',
    ];
    for (const text of messy) {
      const once = cleanLine(text);
      expect(cleanLine(once)).toBe(once);
    }
  });
});

describe('cleanParagraph', () => {
  it('keeps line breaks, trims each line and allows one blank line at most', () => {
    expect(cleanParagraph('  Go in the back.  \r\n\r\n\r\n\r\n Ask  for the key.\n')).toBe('Go in the back.\n\nAsk for the key.');
  });

  it('is null when nothing is left', () => {
    expect(cleanParagraph('  \n\t ')).toBeNull();
    expect(cleanParagraph(null)).toBeNull();
    expect(cleanParagraph('&#8206;\u200B&nbsp;')).toBeNull();
  });

  it('decodes references, line breaks among them, and drops invisible marks line by line', () => {
    expect(cleanParagraph('Ask at the desk&#8206;&#10;&#10;Code: 1234 &amp; a smile\u200B')).toBe('Ask at the desk\n\nCode: 1234 & a smile');
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
