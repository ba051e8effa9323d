import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from './html-entities.js';

describe('decodeHtmlEntities', () => {
  it.each([
    ['Barnes &amp; Noble', 'Barnes & Noble'],
    ['&quot;The Spot&quot;', '"The Spot"'],
    ['Joe&#39;s and Jo&apos;s', "Joe's and Jo's"],
    ['&lt;b&gt;bold&lt;/b&gt;', '<b>bold</b>'],
    ['AT&AMP;T &LT;3', 'AT&T <3'],
    ['a&nbsp;b', 'a\u00A0b'],
    ['Caf&eacute; &Eacute;cole na&iuml;ve', 'Café École naïve'],
    ['Stra&szlig;e, &Aring;s, &yuml;', 'Straße, Ås, ÿ'],
    ['&frac12; price &copy; &reg; &deg; &middot;', '½ price © ® ° ·'],
    ['Coffee &ndash; Bar &mdash; &lsquo;Open&rsquo; &ldquo;24/7&rdquo;&hellip;', 'Coffee – Bar — ‘Open’ “24/7”…'],
    ['&euro;5 &trade; &bull; &OElig;uvre', '€5 ™ • Œuvre'],
    ['MN&lrm;', 'MN\u200E'],
  ])('decodes the named references in %j', (encoded, decoded) => {
    expect(decodeHtmlEntities(encoded)).toBe(decoded);
  });

  it.each([
    ['MN&#8206;', 'MN\u200E'],
    ['MN&#x200E;', 'MN\u200E'],
    ['MN&#X200e;', 'MN\u200E'],
    ['&#233;t&#xE9;', 'été'],
    ['&#128699;', '🚻'],
    ['&#x1F6BB;', '🚻'],
    ['&#0000039;', "'"],
  ])('decodes every numeric reference: %j', (encoded, decoded) => {
    expect(decodeHtmlEntities(encoded)).toBe(decoded);
  });

  it('reads 128-159 as Windows-1252, as browsers do, since that is what the people who typed them meant', () => {
    expect(decodeHtmlEntities('Joe&#146;s &#147;Caf&#233;&#148; &#150; &#128;3')).toBe('Joe’s “Café” – €3');
  });

  it('decodes a tab and line breaks', () => {
    expect(decodeHtmlEntities('a&#9;b&#10;c&#13;d')).toBe('a\tb\nc\rd');
  });

  it('decodes one layer only: a double-encoded reference comes out as the reference', () => {
    expect(decodeHtmlEntities('MN&amp;#8206;')).toBe('MN&#8206;');
    expect(decodeHtmlEntities('Fish &amp;amp; Chips')).toBe('Fish &amp; Chips');
  });

  it.each([
    ['an unknown name', 'Fish &chips; and &unknown;'],
    ['a name in the wrong case', '&EACUTE; &Nbsp;'],
    ['a reference without its semicolon', 'AT&T &amp and &#8206 here'],
    ['a lone ampersand', 'Fish & Chips &'],
    ['an ampersand before a hash alone', 'Room &#; and &#x;'],
    ['NUL and control characters', '&#0; &#1; &#x7F; &#27;'],
    ['the bytes Windows-1252 leaves empty', '&#129; &#x8D; &#143; &#144; &#157;'],
    ['a lone surrogate half', '&#xD800; &#57343;'],
    ['past the last code point', '&#x110000; &#99999999;'],
  ])('leaves %s as written', (_what, text) => {
    expect(decodeHtmlEntities(text)).toBe(text);
  });

  it('leaves text without references alone, emoji and other scripts included', () => {
    for (const text of ['Plain text', '🏳️‍⚧️ 🚻 👩🏽‍🦽', 'Кафе «Уют»', 'مقهى', 'カフェ', 'Ñandú']) {
      expect(decodeHtmlEntities(text)).toBe(text);
    }
  });
});
