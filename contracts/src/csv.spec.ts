import { describe, expect, it } from 'vitest';
import { csvCell, csvRecords } from './csv';

describe('csvCell (R-CSV-EXPORT)', () => {
  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+962', '-2', '@SUM(A1)', '\t=x', '\r=x']) expect(csvCell(text)).toBe(`'${text}`);
  });

  it('keeps other text, writes objects as JSON and leaves missing values empty', () => {
    expect(csvCell('مزاد "مميز", جديد')).toBe('مزاد "مميز", جديد');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell({ a: 1 })).toBe('{"a":1}');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('puts the headers first, then one record per row', () => {
    const columns = [
      { header: 'الاسم', value: (r: { name: string }) => r.name },
      { header: 'الطول', value: (r: { name: string }) => r.name.length },
    ];
    expect(csvRecords(columns, [{ name: '=x' }])).toEqual([
      ['الاسم', 'الطول'],
      ["'=x", '2'],
    ]);
  });
});
