import { describe, expect, it } from 'vitest';
import { csvText, writeCsv } from './csv';

describe('the one CSV writer', () => {
  it('neutralizes what a spreadsheet would run as a formula, and keeps plain numbers', () => {
    expect(csvText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(csvText('+49 9261 1234')).toBe(`'+49 9261 1234`);
    expect(csvText('-2+3')).toBe(`'-2+3`);
    expect(csvText('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvText('\tx')).toBe(`'\tx`);
    expect(csvText('-12,34')).toBe('-12,34');
    expect(csvText('-3')).toBe('-3');
    expect(csvText('Honig')).toBe('Honig');
  });

  it('writes semicolons, a byte order mark and quotes where needed', () => {
    expect(
      writeCsv(
        [
          ['=1+1', -5, 'a;b'],
          ['x', null, '-1,50'],
        ],
        ['A', 'B', 'C'],
      ),
    ).toBe(`\uFEFFA;B;C\n'=1+1;-5;"a;b"\nx;;-1,50\n`);
  });
});
