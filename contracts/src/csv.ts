/**
 * What every CSV the operators download shares (R-CSV-EXPORT), written by a CSV library
 * (csv-stringify: RFC 4180 quoting, CRLF) on the server and in the console.
 */

/** The byte order mark first, so that Excel reads the file as UTF-8 (Arabic stays Arabic). */
export const CSV_BOM = '\uFEFF';

/**
 * A cell as a spreadsheet may show it: text that a spreadsheet would run as a formula (= + - @,
 * or a tab or carriage return before one) gets a leading apostrophe; objects become JSON;
 * null and undefined an empty cell.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One column: the Arabic header and the value of a row. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

/** The header row and the rows, each cell through `csvCell`, for the CSV library to quote. */
export function csvRecords<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string[][] {
  return [columns.map((c) => csvCell(c.header)), ...rows.map((row) => columns.map((c) => csvCell(c.value(row))))];
}
