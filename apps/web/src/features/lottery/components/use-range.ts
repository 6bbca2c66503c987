import { useSearchParams } from 'react-router';
import { dateParam } from '@/lib/date-param';
import type { DateRange } from '@/components/ui/date-range-form';

/** The `from`/`to` days of a list or report, kept in the address so a reload or a shared link keeps them. */
export function useRangeParams(): [
  DateRange,
  (next: DateRange) => void,
  URLSearchParams,
  (next: URLSearchParams) => void,
] {
  const [params, setParams] = useSearchParams();
  const update = (next: DateRange) => {
    const search = new URLSearchParams(params);
    for (const name of ['from', 'to', 'page'] as const) search.delete(name);
    if (next.from) search.set('from', next.from);
    if (next.to) search.set('to', next.to);
    setParams(search);
  };
  return [{ from: dateParam(params, 'from'), to: dateParam(params, 'to') }, update, params, setParams];
}
