/**
 * The characters Windows-1252 puts at bytes 0x80-0x9F, where Latin-1 has invisible C1 controls.
 * Text from Windows tools carries them two ways: as numeric references to the byte (`&#146;` for ’,
 * which HTML reads the Windows-1252 way) and as UTF-8 mis-read byte by byte. Bytes 0x81, 0x8D, 0x8F,
 * 0x90 and 0x9D have no character there.
 */
export const WINDOWS_1252_HIGH: ReadonlyMap<number, string> = new Map([
  [0x80, '€'], [0x82, '‚'], [0x83, 'ƒ'], [0x84, '„'], [0x85, '…'], [0x86, '†'], [0x87, '‡'], [0x88, 'ˆ'],
  [0x89, '‰'], [0x8a, 'Š'], [0x8b, '‹'], [0x8c, 'Œ'], [0x8e, 'Ž'], [0x91, '‘'], [0x92, '’'], [0x93, '“'],
  [0x94, '”'], [0x95, '•'], [0x96, '–'], [0x97, '—'], [0x98, '˜'], [0x99, '™'], [0x9a, 'š'], [0x9b, '›'],
  [0x9c, 'œ'], [0x9e, 'ž'], [0x9f, 'Ÿ'],
]);
