/**
 * The console's CSV downloads (R-CSV-EXPORT): every list's «تصدير» writes its records with
 * Arabic headers, a UTF-8 byte order mark (Excel then reads Arabic as Arabic), RFC 4180 quoting
 * (csv-stringify) and formula-looking cells neutralised (contracts' `csvCell`), like the
 * server's audit log CSV.
 */
import { CSV_BOM, csvRecords, type CsvColumn } from '@mazad/contracts';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { downloadCSV, type Exporter } from 'react-admin';

export type { CsvColumn };

export const yesNo = (value: boolean) => (value ? 'نعم' : 'لا');

/** The CSV text of `rows` under `columns`. */
export function csvText<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return CSV_BOM + stringify(csvRecords(columns, rows), { record_delimiter: 'windows' });
}

/** A list's exporter: the records react-admin fetched for the list's filters, as `filename`.csv. */
export function csvExporter<Row>(columns: readonly CsvColumn<Row>[], filename: string): Exporter {
  return (records) => downloadCSV(csvText(columns, records as Row[]), filename);
}
