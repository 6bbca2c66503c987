import type { ReactNode } from 'react';

export interface TotalItem {
  label: string;
  value: ReactNode;
  /** On the value, for tests and for readers of one figure. */
  testId?: string;
}

/**
 * The totals of a filter (all pages), as label/value pairs on the dark band above a list; `note` is a line
 * under them (how many records, what the range is).
 */
export function TotalsBar({
  items,
  note,
  testId,
}: {
  items: readonly TotalItem[];
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="rounded-2xl bg-emerald-900 p-4 text-white">
      <dl
        className="grid grid-cols-2 gap-2 sm:grid-cols-[repeat(auto-fit,minmax(8rem,1fr))]"
        data-testid={testId}
      >
        {items.map((item) => (
          <div key={item.label}>
            <dt className="text-xs text-emerald-100">{item.label}</dt>
            <dd className="text-lg font-semibold whitespace-nowrap" data-testid={item.testId}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
      {note ? <p className="mt-2 text-sm text-emerald-100">{note}</p> : null}
    </div>
  );
}
