import { usStateCode } from '../restrooms/address.js';

/*
 * Listings from outside sources arrive as people typed them, sometimes run through a broken
 * pipeline on the way: trailing spaces, quotes escaped once too often (`Joe\'s`), HTML entities, and
 * UTF-8 read as Windows-1252 ("CafÃ©" for "Café"). These helpers undo what can be undone without
 * guessing; anything they are unsure of is left as it came.
 */

/**
 * Windows-1252 gives bytes 0x80-0x9F printable characters; text that was UTF-8 read that way holds
 * these where the UTF-8 bytes were. Bytes 0x81, 0x8D, 0x8F, 0x90 and 0x9D have no character there and
 * come through as the C1 control with the same number, which the Latin-1 rule below already covers.
 */
const WINDOWS_1252_BYTES: ReadonlyMap<string, number> = new Map([
  ['€', 0x80], ['‚', 0x82], ['ƒ', 0x83], ['„', 0x84], ['…', 0x85], ['†', 0x86], ['‡', 0x87], ['ˆ', 0x88],
  ['‰', 0x89], ['Š', 0x8a], ['‹', 0x8b], ['Œ', 0x8c], ['Ž', 0x8e], ['‘', 0x91], ['’', 0x92], ['“', 0x93],
  ['”', 0x94], ['•', 0x95], ['–', 0x96], ['—', 0x97], ['˜', 0x98], ['™', 0x99], ['š', 0x9a], ['›', 0x9b],
  ['œ', 0x9c], ['ž', 0x9e], ['Ÿ', 0x9f],
]);

const CONTINUATION = `[\\u0080-\\u00BF${[...WINDOWS_1252_BYTES.keys()].join('')}]`;
/**
 * A UTF-8 lead byte followed by exactly the continuation bytes it announces, each read as a
 * Windows-1252 character. Real text almost never holds such a pair ("Ã©", "â€™"), so only these
 * are touched: a lone "é" or "ã" in correct text is never mistaken for a broken sequence.
 */
const MISDECODED_SEQUENCE = new RegExp(
  `[\\u00C2-\\u00DF]${CONTINUATION}|[\\u00E0-\\u00EF]${CONTINUATION}{2}|[\\u00F0-\\u00F4]${CONTINUATION}{3}`,
  'g',
);
/** Text that went through the wrong decoding twice is fixed by undoing it twice; more is not seen. */
const MAX_REPAIR_ROUNDS = 2;

/**
 * TextDecoder is in every browser and in Node, but the shipped shared code compiles without DOM or
 * Node types (tsconfig.build.json), so its one use here is typed by hand.
 */
interface StrictDecoder {
  decode(bytes: Uint8Array): string;
}
const { TextDecoder: Decoder } = globalThis as unknown as { TextDecoder: new (label: string, options: { fatal: boolean }) => StrictDecoder };
const strictUtf8 = new Decoder('utf-8', { fatal: true });

function byteOf(character: string): number {
  return WINDOWS_1252_BYTES.get(character) ?? character.charCodeAt(0);
}

/** Re-reads each mis-decoded sequence as the UTF-8 it was; one that is not valid UTF-8 stays as it is. */
export function repairMisdecodedUtf8(text: string): string {
  let repaired = text;
  for (let round = 0; round < MAX_REPAIR_ROUNDS; round += 1) {
    const next = repaired.replace(MISDECODED_SEQUENCE, (sequence) => {
      try {
        return strictUtf8.decode(Uint8Array.from([...sequence], byteOf));
      } catch {
        return sequence;
      }
    });
    if (next === repaired) break;
    repaired = next;
  }
  return repaired;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ' };

/** `Joe\'s`, `\"The Spot\"` and `&quot;`, `&#39;`, `&amp;` back to plain quotes and ampersands. */
export function unescapeText(text: string): string {
  return text
    .replace(/\\+(["'])/g, '$1')
    .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (entity, name: string) => {
      const lowered = name.toLowerCase();
      if (!lowered.startsWith('#')) return NAMED_ENTITIES[lowered] ?? entity;
      const codePoint = lowered.startsWith('#x') ? Number.parseInt(lowered.slice(2), 16) : Number(lowered.slice(1));
      return codePoint > 0x1f && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
    });
}

/** Zero-width characters and the byte-order mark, which only ever get in the way of matching text. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;
/** Control characters other than the tab (a space) and the line break (kept by `cleanParagraph`). */
const CONTROLS = /(?![\t\n])\p{Cc}/gu;
const SPACES = /[ \t\u00A0\u2000-\u200A\u202F\u205F\u3000]+/g;

function repaired(text: string): string {
  return unescapeText(repairMisdecodedUtf8(text.normalize('NFC')))
    .normalize('NFC')
    .replace(INVISIBLE, '');
}

/** One line of text (a name, a street): repaired, with every run of spaces or line breaks as one space. */
export function cleanLine(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  return repaired(text).replace(/\r\n?|\n/g, ' ').replace(CONTROLS, '').replace(SPACES, ' ').trim();
}

/**
 * Free text (directions, a comment): repaired, each line trimmed, at most one blank line in a row;
 * null when nothing is left.
 */
export function cleanParagraph(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const lines = repaired(text)
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .split('\n')
    .map((line) => line.replace(SPACES, ' ').trim());
  const cleaned = lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  return cleaned === '' ? null : cleaned;
}

/** Cuts text to a field's maximum length without splitting a character made of two UTF-16 units. */
export function clip(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1).trimEnd() : cut.trimEnd();
}

const US_SPELLINGS = new Set(['us', 'usa', 'unitedstates', 'unitedstatesofamerica', 'america']);

/**
 * A country as its ISO code where it is one of the ways people write the United States ("US",
 * "U.S.A.", "United States"); any other two-letter code in capitals; anything else cleaned but as written.
 */
export function countryCode(text: string | null | undefined): string {
  const cleaned = cleanLine(text);
  const folded = cleaned.toLowerCase().replace(/[\s.]/g, '');
  if (US_SPELLINGS.has(folded)) return 'US';
  return /^[a-z]{2}$/i.test(cleaned) ? cleaned.toUpperCase() : cleaned;
}

/** A US state as its two-letter code ("Minnesota ", "mn" → "MN"); elsewhere, or unrecognised, cleaned as written. */
export function stateCode(text: string | null | undefined, country: string): string {
  const cleaned = cleanLine(text);
  if (country !== 'US' && country !== '') return cleaned;
  return usStateCode(cleaned) ?? cleaned;
}
