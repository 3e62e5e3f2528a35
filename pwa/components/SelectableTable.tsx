import type { ReactNode } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader, type Selection } from 'react-aria-components';
import { Checkbox } from './Checkbox';

export interface SelectableColumn {
  id: string;
  label: string;
  /** The column that names the row (its title): screen readers announce it with each cell. */
  isRowHeader?: boolean;
  /** Hidden from the phone's card layout label (actions). */
  noLabel?: boolean;
}

export interface SelectableTableProps<T extends { id: string }> {
  'aria-label': string;
  columns: SelectableColumn[];
  rows: T[];
  selectedKeys: Selection;
  onSelectionChange: (keys: Selection) => void;
  renderCell: (row: T, columnId: string) => ReactNode;
}

/**
 * An admin table whose rows can be selected (react-aria's Table: a checkbox per row and one for all,
 * Space and Shift+arrows, selection announced). Same look and phone cards as `DataTable`
 * (`data-table--cards`, each cell labelled by `data-label`). Links and buttons in cells act on their
 * own; pressing elsewhere on a row toggles it.
 */
export function SelectableTable<T extends { id: string }>({ columns, rows, selectedKeys, onSelectionChange, renderCell, ...props }: SelectableTableProps<T>) {
  return (
    <div className="table-scroll">
      <Table
        aria-label={props['aria-label']}
        selectionMode="multiple"
        selectedKeys={selectedKeys}
        onSelectionChange={onSelectionChange}
        className="data-table data-table--cards data-table--selectable"
      >
        <TableHeader>
          <Column id="__select" className="data-table__select">
            <Checkbox slot="selection">{null}</Checkbox>
          </Column>
          {columns.map((column) => (
            <Column key={column.id} id={column.id} isRowHeader={column.isRowHeader}>
              {column.label}
            </Column>
          ))}
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <Row key={row.id} id={row.id}>
              <Cell className="data-table__select">
                <Checkbox slot="selection">{null}</Checkbox>
              </Cell>
              {columns.map((column) => (
                <Cell key={column.id} data-label={column.isRowHeader || column.noLabel ? undefined : column.label}>
                  {renderCell(row, column.id)}
                </Cell>
              ))}
            </Row>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
