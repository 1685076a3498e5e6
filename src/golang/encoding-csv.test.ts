import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGoCsv } from './encoding-csv.js';

test('records, quotes, empty lines and variable field counts', () => {
  assert.deepEqual(parseGoCsv('a,b,c\n\nd,"e,f","g""h"\r\ni,j,k,"x,y"\n'), [
    ['a', 'b', 'c'],
    ['d', 'e,f', 'g"h'],
    ['i', 'j', 'k', 'x,y'],
  ]);
  assert.deepEqual(parseGoCsv(' t , u ,1'), [[' t ', ' u ', '1']]);
});

test("Go's errors for bad quotes", () => {
  assert.throws(() => parseGoCsv('a,b"c,d\n'), /^Error: parse error on line 1, column 4: bare " in non-quoted-field$/);
  assert.throws(() => parseGoCsv('a,"b"c,d\n'), /extraneous or missing " in quoted-field/);
});
