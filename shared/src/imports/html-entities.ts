import { decodeHTMLStrict, replaceCodePoint } from 'entities/decode';

/*
 * HTML character references as they turn up in listings that went through a web form or an HTML
 * export (`&#8206;`, `&#x200E;`, `&eacute;`), decoded by the `entities` package with HTML's full list
 * of names. What is ours is which references count: only those ending in a semicolon, and not the
 * numeric ones that name no character, which are left exactly as written rather than turned into
 * U+FFFD or a control character in a listing's name.
 */

/** A reference ends with its semicolon; `&amp` or `AT&T;` without one is text, not a reference. */
const REFERENCE = /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|[a-zA-Z][a-zA-Z0-9]{1,31});/g;

/**
 * Whether HTML would not give the character a numeric reference names: NUL, the control characters
 * other than tab and the line breaks, a lone surrogate half or past the last code point (for which
 * `entities` gives U+FFFD), or one of the bytes 0x80-0x9F that Windows-1252, as browsers read them,
 * leaves empty (which `entities` passes through unchanged).
 */
function namesNoCharacter(codePoint: number): boolean {
  if (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d) return false;
  if (codePoint < 0x20 || codePoint === 0x7f) return true;
  const replaced = replaceCodePoint(codePoint);
  if (replaced === 0xfffd && codePoint !== 0xfffd) return true;
  return codePoint >= 0x80 && codePoint <= 0x9f && replaced === codePoint;
}

/**
 * Decodes one layer of HTML character references. `&amp;#8206;` comes out as the text `&#8206;`;
 * whoever wants double-encoded text undone calls this again (the listing cleaning does). A
 * reference HTML does not know (names are case-sensitive: `&EACUTE;` is nothing), or that names no
 * character, is left as written.
 */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (reference, decimal: string | undefined, hex: string | undefined) => {
    if (decimal !== undefined || hex !== undefined) {
      const codePoint = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
      if (namesNoCharacter(codePoint)) return reference;
    }
    return decodeHTMLStrict(reference);
  });
}
