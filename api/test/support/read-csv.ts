/**
 * Reads RFC 4180 CSV as a strict reader would: records end with CRLF, a quoted field may hold
 * commas, CRLF or LF and doubled quotes, and a bare field may hold no quote or line break. Throws
 * on anything else, so a test fails on a file a spreadsheet would misread.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let position = 0;
  while (position < text.length) {
    let field = '';
    if (text[position] === '"') {
      position += 1;
      for (;;) {
        const quote = text.indexOf('"', position);
        if (quote === -1) throw new Error(`an unclosed quoted field at ${position}`);
        field += text.slice(position, quote);
        position = quote + 1;
        if (text[position] !== '"') break;
        field += '"';
        position += 1;
      }
    } else {
      const end = text.slice(position).search(/,|\r\n/);
      field = end === -1 ? text.slice(position) : text.slice(position, position + end);
      if (/["\r\n]/.test(field)) throw new Error(`a bare field with a quote or line break: ${JSON.stringify(field)}`);
      position += field.length;
    }
    record.push(field);
    if (text[position] === ',') {
      position += 1;
    } else if (text.startsWith('\r\n', position)) {
      records.push(record);
      record = [];
      position += 2;
    } else {
      throw new Error(`a field not followed by a comma or CRLF at ${position}`);
    }
  }
  if (record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}
