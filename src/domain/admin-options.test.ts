import { describe, expect, it } from 'vitest';
import { csvCell, dateRangeBounds, toCsv } from './admin-options';

describe('csvCell', () => {
  it('leaves plain text and numbers alone, and an empty cell for null', () => {
    expect(csvCell('Jordan M.')).toBe('Jordan M.');
    expect(csvCell(5)).toBe('5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('a = b')).toBe('a = b');
  });

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('defuses a formula-looking %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('quotes quotes, commas and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
  });
});

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', null],
          ['=x', 'y,z'],
        ],
      ),
    ).toBe(`a,b\r\n1,\r\n'=x,"y,z"\r\n`);
  });
});

describe('dateRangeBounds', () => {
  it('reads both ends as whole UTC days, `to` inclusive', () => {
    expect(dateRangeBounds({ from: '2024-02-28', to: '2024-02-29' })).toEqual({
      since: '2024-02-28T00:00:00.000Z',
      before: '2024-03-01T00:00:00.000Z',
    });
    expect(dateRangeBounds({})).toEqual({ since: null, before: null });
  });
});
