/** Lower case without accents, so "cafe" finds "Café" and "MINNEAPOLIS" finds "Minneapolis". */
export function textFold(text: string): string {
  return text.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase();
}
