import { usStateCode } from '../restrooms/address.js';
import { decodeHtmlEntities } from './html-entities.js';
import { WINDOWS_1252_HIGH } from './windows-1252.js';

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
const WINDOWS_1252_BYTES: ReadonlyMap<string, number> = new Map([...WINDOWS_1252_HIGH].map(([byte, character]) => [character, byte]));

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

/** `Joe\'s`, `\"The Spot\"` and `&quot;`, `&#39;`, `&amp;` (one layer of HTML references) back to plain text. */
export function unescapeText(text: string): string {
  return decodeHtmlEntities(text.replace(/\\+(["'])/g, '$1'));
}

/**
 * Marks that are never seen and only get in the way (of matching, of sorting, of a search for the
 * street): the zero-width space, the left-to-right and right-to-left marks (`&#8206;` pasted from a
 * map's address is how one listing ended in "MN&#8206;"), the direction embeddings, overrides and
 * isolates, the word joiner and the byte-order mark. The soft hyphen goes too: in a name or a street
 * it is only ever invisible, and it splits a word for search ("Cof\u00ADfee" is not "Coffee").
 */
const INVISIBLE = /[\u00AD\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
/**
 * The zero-width joiner and non-joiner are invisible too, but between two non-ASCII characters they
 * carry meaning: they build emoji (the transgender flag is 🏳️ ZWJ ⚧️) and shape Persian and Indic
 * words. Only a joiner next to a space, an ASCII character, another joiner or either end is dropped.
 */
const JOINERS = /[\u200C\u200D]/g;
/** The line and paragraph separators and NEL, which mean a line break. */
const LINE_SEPARATORS = /[\u0085\u2028\u2029]/g;
/** Control characters other than the tab (a space) and the line break (kept by `cleanParagraph`). */
const CONTROLS = /(?![\t\n])\p{Cc}/gu;
const SPACES = /[ \t\u00A0\u2000-\u200A\u202F\u205F\u3000]+/g;
/**
 * Each round undoes one layer of escaping or mis-decoding; real data has one or two. Rounds stop
 * when one changes nothing, so cleaning text that was cleaned before leaves it as it is: the import
 * review, the import itself and the migration that mends stored rows all clean the same text.
 */
const MAX_CLEANING_ROUNDS = 8;

/** Whether the UTF-16 unit beside a joiner is one a joiner can join: not ASCII, a space, another joiner or the end. */
function joinable(unit: number): boolean {
  return unit > 0x7f && unit !== 0x200c && unit !== 0x200d && !/\s/.test(String.fromCharCode(unit));
}

function withoutInvisibleMarks(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(JOINERS, (joiner, offset: number, whole: string) =>
      offset > 0 && joinable(whole.charCodeAt(offset - 1)) && joinable(whole.charCodeAt(offset + 1)) ? joiner : '',
    );
}

function repairedOnce(text: string): string {
  return withoutInvisibleMarks(unescapeText(repairMisdecodedUtf8(text)).normalize('NFC'));
}

/**
 * Entities decoded (`&amp;#8206;`, encoded twice, all the way: a listing never means to show
 * entity code), mis-decoded UTF-8 repaired, invisible marks dropped, in Unicode's composed form.
 */
function repaired(text: string): string {
  let current = text.normalize('NFC');
  for (let round = 0; round < MAX_CLEANING_ROUNDS; round += 1) {
    const next = repairedOnce(current);
    if (next === current) break;
    current = next;
  }
  return current.replace(LINE_SEPARATORS, '\n');
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
