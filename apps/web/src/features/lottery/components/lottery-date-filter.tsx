import { DateRangeForm } from '@/components/ui/date-range-form';
import { useLotteryTranslation } from '../i18n';

export interface LotteryDateRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** The day range of a lottery list or report, with the lottery's own labels; the range comes from the URL. */
export function LotteryDateFilter({
  range,
  onApply,
}: {
  range: LotteryDateRange;
  onApply: (next: LotteryDateRange) => void;
}) {
  const { t } = useLotteryTranslation();
  return (
    <DateRangeForm
      range={range}
      onApply={onApply}
      labels={{
        form: t('filters.label'),
        from: t('filters.from'),
        to: t('filters.to'),
        search: t('filters.search'),
        clear: t('filters.clear'),
        rangeInvalid: t('filters.rangeInvalid'),
      }}
    />
  );
}
