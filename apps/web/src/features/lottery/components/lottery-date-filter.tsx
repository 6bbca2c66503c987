import { DateRangeForm, type DateRangeFormLabels } from '@/components/ui/date-range-form';

export interface LotteryDateRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** The day range of a lottery list or report; the labels come from the screen, the range from the URL. */
export function LotteryDateFilter({
  range,
  onApply,
  labels,
}: {
  range: LotteryDateRange;
  onApply: (next: LotteryDateRange) => void;
  labels: DateRangeFormLabels;
}) {
  return <DateRangeForm range={range} onApply={onApply} labels={labels} />;
}
