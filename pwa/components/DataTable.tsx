import type { ReactNode } from 'react';

/**
 * The admin tables: scrollable on desktop, one card per row on phones (`data-table--cards`, each
 * cell labelled by its `data-label`). The explicit roles keep the table semantics that
 * `display: block` on phones would otherwise drop.
 */
export function DataTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table className="data-table data-table--cards" role="table">
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column} scope="col" role="columnheader">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </div>
  );
}
