import { CONTACT_MAX_LENGTH, IMPORT_ROWS_MAX } from '@allstall/shared';

const KB = 1024;

/**
 * The largest body each kind of route reads, in bytes. The schemas already bound every field; these
 * stop a client from making the server buffer and parse megabytes before the schema gets a look.
 * Each is sized for the longest valid body written in the worst case, every character a JSON
 * `\uXXXX` escape (6 bytes per UTF-16 unit), with room to spare.
 */
export const BODY_LIMITS = {
  /** Username (≤ 64) and password (≤ 256). */
  credentials: 4 * KB,
  /** Every other write; the longest is a contact message (≤ 5,000), or a new restroom with both comments. */
  write: 64 * KB,
  /**
   * A reviewed import of up to 500 listings. A Refuge row is well under 1 KB, an OpenStreetMap row
   * less; 4 MB leaves each row 8 KB.
   */
  import: 4 * KB * KB,
} as const;

// The write limit must hold the longest contact message fully escaped, or a valid write would be a 413.
if (CONTACT_MAX_LENGTH * 6 + KB > BODY_LIMITS.write || IMPORT_ROWS_MAX * 8 * KB > BODY_LIMITS.import) {
  throw new Error('BODY_LIMITS is smaller than the largest valid body');
}
