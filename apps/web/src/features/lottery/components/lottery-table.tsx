import { cloneElement, Fragment, isValidElement, type ReactNode } from 'react';
import { ScrollRegion } from '@/components/ui/scroll-region';

export interface LotteryColumn<Row> {
  key: string;
  header: ReactNode;
  align?: 'left' | 'right' | 'center';
  /** The whole cell (`<td>`, or `MoneyCell`), so money cells keep their own look. */
  cell: (row: Row) => ReactNode;
  /**
   * A column the player can do without on a phone (issue 26, item 6): below Tailwind's `sm` only the key
   * columns are drawn, so they fit a 360 px screen instead of scrolling off it; a wider screen shows all.
   */
  secondary?: boolean;
}

/** Hidden below `sm` (the phone); the cells take a `className` prop (TextCell, MoneyCell, a plain `<td>`). */
export const PHONE_HIDDEN = 'max-sm:hidden';

function withClass(node: ReactNode, className: string): ReactNode {
  if (!isValidElement<{ className?: string }>(node)) return node;
  return cloneElement(node, { className: `${node.props.className ?? ''} ${className}`.trim() });
}

const ALIGN = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;

/** A plain scrollable table: columns, rows, an optional footer row; it knows nothing of the lottery. */
export function LotteryTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
  testId,
}: {
  caption: string;
  columns: readonly LotteryColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  footer?: ReactNode;
  testId?: string;
}) {
  return (
    <ScrollRegion label={caption} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-2 py-2 font-semibold whitespace-nowrap ${ALIGN[column.align ?? 'left']} ${
                  column.secondary ? PHONE_HIDDEN : ''
                }`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <Fragment key={column.key}>
                  {column.secondary ? withClass(column.cell(row), PHONE_HIDDEN) : column.cell(row)}
                </Fragment>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot className="border-t-2 border-slate-300 bg-emerald-50 font-semibold">{footer}</tfoot>
        )}
      </table>
    </ScrollRegion>
  );
}

/** A left-aligned text cell, for the columns that are not money. */
export function TextCell({
  children,
  testId,
  className = '',
}: {
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <td className={`px-2 py-2 whitespace-nowrap ${className}`} data-testid={testId}>
      {children}
    </td>
  );
}
