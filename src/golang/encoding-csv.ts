// A CSV reader with Go encoding/csv's defaults and error texts (quoted fields, "" escapes, no trimming,
// variable field counts, empty lines skipped), as kube's token file reader uses it.

export class CsvParseError extends Error {}

export function parseGoCsv(text: string): string[][] {
  const records: string[][] = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    // Skip completely empty lines.
    if (text[i] === '\n') {
      i++;
      line++;
      continue;
    }
    if (text[i] === '\r' && text[i + 1] === '\n') {
      i += 2;
      line++;
      continue;
    }
    const record: string[] = [];
    const recordLine = line;
    for (;;) {
      let field = '';
      const col = () => i - text.lastIndexOf('\n', i - 1);
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= n) throw new CsvParseError(`parse error on line ${recordLine}, column ${col()}: extraneous or missing " in quoted-field`);
          const c = text[i]!;
          if (c === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === '\n') line++;
          field += c;
          i++;
        }
        if (i < n && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n')) {
          throw new CsvParseError(`parse error on line ${line}, column ${col()}: extraneous or missing " in quoted-field`);
        }
      } else {
        while (i < n && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n')) {
          if (text[i] === '"') throw new CsvParseError(`parse error on line ${line}, column ${col()}: bare " in non-quoted-field`);
          field += text[i];
          i++;
        }
      }
      record.push(field);
      if (i < n && text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '\r') i++;
      if (text[i] === '\n') {
        i++;
        line++;
      }
      break;
    }
    records.push(record);
  }
  return records;
}
