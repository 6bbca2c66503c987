import { Fragment, type ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** The cell that names the row (a `<th scope="row">`); on a phone it is the card's title line. */
  rowHeader?: boolean;
  /**
   * In a compact table on a phone: `label` writes the column's name before the value, `bare` the value alone
   * (a status chip, a signed amount, a button say what they are), `hidden` leaves the cell to wider screens.
   */
  phone?: 'label' | 'bare' | 'hidden';
}

const CELL = 'px-3 py-2 align-top';
// On a phone each row is a card and each cell a "label … value" line; the label is the column header.
const PHONE_CELL =
  'max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:px-0 max-sm:py-0.5 max-sm:text-right max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]';
// A compact table on a phone (a long list of small records): the title on one line, the cells side by side under
// it, so a record takes two lines instead of one per column.
const COMPACT_ROW =
  'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2 max-sm:gap-y-1 max-sm:rounded-xl max-sm:bg-white max-sm:px-3 max-sm:py-2 max-sm:shadow-sm max-sm:ring-1 max-sm:ring-slate-200';
const COMPACT_CELL: Record<NonNullable<Column<unknown>['phone']>, string> = {
  label:
    'max-sm:flex max-sm:gap-1 max-sm:p-0 max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]',
  bare: 'max-sm:block max-sm:p-0',
  hidden: 'max-sm:hidden',
};
const PHONE_ROW =
  'max-sm:block max-sm:rounded-2xl max-sm:bg-white max-sm:p-3 max-sm:shadow-sm max-sm:ring-1 max-sm:ring-slate-200';

/**
 * A list of records: a table on a wide screen, a card per row on a phone, from one DOM. The explicit
 * roles keep it a table for screen readers (and tests) when CSS turns rows into blocks, which would
 * otherwise drop the table semantics in some browsers. `detail` renders a row's expanded part under it.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
  rowTestId,
  detail,
  compact = false,
}: {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  caption: string;
  rowTestId?: string;
  detail?: (row: Row) => ReactNode;
  /** On a phone, two lines per record (see COMPACT_ROW) instead of a line per column. */
  compact?: boolean;
}) {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 max-sm:bg-transparent max-sm:shadow-none max-sm:ring-0">
      <table role="table" className="w-full text-left text-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="bg-slate-50 text-slate-600 max-sm:sr-only">
          <tr role="row">
            {columns.map((c) => (
              <th
                key={c.key}
                role="columnheader"
                scope="col"
                className={`${CELL} font-semibold ${c.align === 'right' ? 'text-right' : ''}`}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          role="rowgroup"
          className="divide-y divide-slate-100 max-sm:block max-sm:space-y-2 max-sm:divide-y-0"
        >
          {rows.map((row) => {
            const extra = detail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr role="row" data-testid={rowTestId} className={compact ? COMPACT_ROW : PHONE_ROW}>
                  {columns.map((c) => {
                    const align = c.align === 'right' ? 'text-right' : '';
                    return c.rowHeader ? (
                      // The card's title line on a phone: no label before it, left-aligned.
                      <th
                        key={c.key}
                        role="rowheader"
                        scope="row"
                        className={`${CELL} ${align} font-normal max-sm:block max-sm:px-0 max-sm:pt-0 max-sm:text-left ${compact ? 'max-sm:basis-full' : 'max-sm:pb-2'}`}
                      >
                        <div>{c.cell(row)}</div>
                      </th>
                    ) : (
                      <td
                        key={c.key}
                        role="cell"
                        data-label={c.header}
                        className={`${CELL} ${align} ${compact ? `${COMPACT_CELL[c.phone ?? 'label']} ${c.align === 'right' ? 'max-sm:last:ml-auto' : ''}` : PHONE_CELL}`}
                      >
                        <div>{c.cell(row)}</div>
                      </td>
                    );
                  })}
                </tr>
                {extra ? (
                  <tr role="row" className="bg-slate-50 max-sm:block max-sm:rounded-2xl">
                    <td role="cell" colSpan={columns.length} className="px-3 py-3 max-sm:block">
                      {extra}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
