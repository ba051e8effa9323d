import { WINDOWS_1252_HIGH } from './windows-1252.js';

/*
 * HTML character references as they turn up in listings that went through a web form or an HTML
 * export: every numeric one (`&#8206;`, `&#x200E;`) and the named ones real data uses (the markup
 * five, Latin-1 letters and signs, typographic punctuation). HTML's full list of 2,231 names is not
 * needed for that, and an entity this table does not know is left exactly as written.
 */

/** HTML's names for U+00A0 to U+00FF, in code point order. */
const LATIN_1_NAMES = [
  'nbsp', 'iexcl', 'cent', 'pound', 'curren', 'yen', 'brvbar', 'sect', 'uml', 'copy', 'ordf', 'laquo', 'not', 'shy', 'reg', 'macr',
  'deg', 'plusmn', 'sup2', 'sup3', 'acute', 'micro', 'para', 'middot', 'cedil', 'sup1', 'ordm', 'raquo', 'frac14', 'frac12', 'frac34', 'iquest',
  'Agrave', 'Aacute', 'Acirc', 'Atilde', 'Auml', 'Aring', 'AElig', 'Ccedil', 'Egrave', 'Eacute', 'Ecirc', 'Euml', 'Igrave', 'Iacute', 'Icirc', 'Iuml',
  'ETH', 'Ntilde', 'Ograve', 'Oacute', 'Ocirc', 'Otilde', 'Ouml', 'times', 'Oslash', 'Ugrave', 'Uacute', 'Ucirc', 'Uuml', 'Yacute', 'THORN', 'szlig',
  'agrave', 'aacute', 'acirc', 'atilde', 'auml', 'aring', 'aelig', 'ccedil', 'egrave', 'eacute', 'ecirc', 'euml', 'igrave', 'iacute', 'icirc', 'iuml',
  'eth', 'ntilde', 'ograve', 'oacute', 'ocirc', 'otilde', 'ouml', 'divide', 'oslash', 'ugrave', 'uacute', 'ucirc', 'uuml', 'yacute', 'thorn', 'yuml',
] as const;
const LATIN_1_FIRST = 0xa0;

/** The other names by code point: markup, letters beyond Latin-1, spaces and marks, punctuation, arrows. */
const OTHER_NAMES: ReadonlyArray<readonly [string, number]> = [
  ['quot', 0x22], ['QUOT', 0x22], ['amp', 0x26], ['AMP', 0x26], ['apos', 0x27], ['lt', 0x3c], ['LT', 0x3c], ['gt', 0x3e], ['GT', 0x3e],
  ['COPY', 0xa9], ['REG', 0xae],
  ['OElig', 0x152], ['oelig', 0x153], ['Scaron', 0x160], ['scaron', 0x161], ['Yuml', 0x178], ['fnof', 0x192], ['circ', 0x2c6], ['tilde', 0x2dc],
  ['ensp', 0x2002], ['emsp', 0x2003], ['thinsp', 0x2009], ['zwnj', 0x200c], ['zwj', 0x200d], ['lrm', 0x200e], ['rlm', 0x200f],
  ['ndash', 0x2013], ['mdash', 0x2014], ['lsquo', 0x2018], ['rsquo', 0x2019], ['sbquo', 0x201a], ['ldquo', 0x201c], ['rdquo', 0x201d],
  ['bdquo', 0x201e], ['dagger', 0x2020], ['Dagger', 0x2021], ['bull', 0x2022], ['hellip', 0x2026], ['permil', 0x2030], ['prime', 0x2032],
  ['Prime', 0x2033], ['lsaquo', 0x2039], ['rsaquo', 0x203a], ['oline', 0x203e], ['frasl', 0x2044], ['euro', 0x20ac], ['trade', 0x2122],
  ['larr', 0x2190], ['uarr', 0x2191], ['rarr', 0x2192], ['darr', 0x2193], ['harr', 0x2194], ['minus', 0x2212],
];

/** Names are case-sensitive, as in HTML: `&Eacute;` is É, `&eacute;` is é, and `&EACUTE;` is nothing. */
const NAMED: ReadonlyMap<string, string> = new Map([
  ...LATIN_1_NAMES.map((name, index): [string, string] => [name, String.fromCodePoint(LATIN_1_FIRST + index)]),
  ...OTHER_NAMES.map(([name, codePoint]): [string, string] => [name, String.fromCodePoint(codePoint)]),
]);

/**
 * The character a numeric reference stands for, or null where HTML would not give the character it
 * names: NUL, the control characters other than tab and the line breaks, a lone surrogate half (not
 * text at all), or past the last code point. 0x80-0x9F are read as Windows-1252, as browsers do.
 */
function numericCharacter(codePoint: number): string | null {
  if (codePoint >= 0x80 && codePoint <= 0x9f) return WINDOWS_1252_HIGH.get(codePoint) ?? null;
  if (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d) return String.fromCodePoint(codePoint);
  if (codePoint < 0x20 || codePoint === 0x7f) return null;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return null;
  if (codePoint > 0x10ffff) return null;
  return String.fromCodePoint(codePoint);
}

/** A reference ends with its semicolon; `&amp` or `AT&T;` without one is text, not a reference. */
const REFERENCE = /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g;

/**
 * Decodes one layer of HTML character references. `&amp;#8206;` comes out as the text `&#8206;`;
 * whoever wants double-encoded text undone calls this again (the listing cleaning does). A
 * reference it does not know, or that names no character, is left as written.
 */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (reference, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED.get(name) ?? reference;
    const codePoint = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
    return numericCharacter(codePoint) ?? reference;
  });
}
