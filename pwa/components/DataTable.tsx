import type { ReactNode } from 'react';
import { Button } from './Button';

export type SortDirection = 'ascending' | 'descending';

/**
 * Sortable columns: the header of each column named in `columns` is a button that sorts by it (a
 * second press reverses the order), and the sorted column says so with `aria-sort`.
 */
export interface DataTableSort {
  /** Column label → the key the caller sorts by. */
  columns: Record<string, string>;
  column: string;
  direction: SortDirection;
  onSortChange: (column: string, direction: SortDirection) => void;
  /** The direction a column starts in when first pressed (default 'ascending'). */
  firstDirection?: (column: string) => SortDirection;
}

/**
 * The admin tables: scrollable on desktop, one card per row on phones (`data-table--cards`, each
 * cell labelled by its `data-label`). The explicit roles keep the table semantics that
 * `display: block` on phones would otherwise drop.
 */
export function DataTable({ columns, children, sort }: { columns: string[]; children: ReactNode; sort?: DataTableSort }) {
  return (
    <div className="table-scroll">
      <table className="data-table data-table--cards" role="table">
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => {
              const key = sort?.columns[column];
              if (!sort || !key) {
                return (
                  <th key={column} scope="col" role="columnheader">
                    {column}
                  </th>
                );
              }
              const active = sort.column === key;
              const next: SortDirection = active
                ? sort.direction === 'ascending'
                  ? 'descending'
                  : 'ascending'
                : (sort.firstDirection?.(key) ?? 'ascending');
              return (
                <th key={column} scope="col" role="columnheader" aria-sort={active ? sort.direction : 'none'}>
                  <Button variant="ghost" size="sm" className="data-table__sort" onPress={() => sort.onSortChange(key, next)}>
                    {column}
                    <span aria-hidden="true" className="data-table__sort-icon">
                      {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                    </span>
                  </Button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </div>
  );
}
