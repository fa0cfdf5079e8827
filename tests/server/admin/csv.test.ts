import { describe, expect, it } from 'vitest';
import { attachment, csvCell, csvOf } from '../../../server/admin/csv.js';

describe('CSV exports', () => {
  it('quotes a cell with a comma, a quote or a line break and doubles its quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('prefixes a text cell starting with = + - @, a tab or a carriage return with an apostrophe, so no formula runs', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('a=1')).toBe('a=1');
    // Numbers the export writes itself are numbers, not text someone typed.
    expect(csvCell(-3)).toBe('-3');
  });

  it('writes a byte-order mark, the header and one CRLF-ended line per row', () => {
    expect(
      csvOf(
        ['a', 'b'],
        [
          [1, 'x,y'],
          [null, '=z'],
        ],
      ),
    ).toBe('\uFEFFa,b\r\n1,"x,y"\r\n,\'=z\r\n');
  });

  it('names the download in an attachment header without quotes or path characters', () => {
    expect(attachment('reach-tasks-2026-11-23.csv')).toBe(
      'attachment; filename="reach-tasks-2026-11-23.csv"',
    );
    expect(attachment('a"b/../c;d.csv')).toBe('attachment; filename="a-b-..-c-d.csv"');
  });
});
