import { useId, type ReactNode } from 'react';

export interface DataRow {
  key: string;
  /** One cell per column; the first is the row's header (the item's title). */
  cells: ReactNode[];
}

/**
 * A labelled table. Wide screens see a table (scrolling sideways inside its frame when needed);
 * phones see one card per row, each value with its column name (from `data-label`).
 */
export function DataTable({
  label,
  columns,
  rows,
  hideCaption,
}: {
  label: string;
  columns: string[];
  rows: DataRow[];
  hideCaption?: boolean;
}) {
  const id = useId();
  return (
    <div className="profile-table-wrap" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="profile-table">
        <caption id={id} className={hideCaption ? 'visually-hidden' : 'profile-table__caption'}>
          {label}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index} data-label={columns[index]}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
