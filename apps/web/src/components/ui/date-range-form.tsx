import { useState, type FormEvent } from 'react';
import { useFilterDraft } from '@/lib/use-filter-draft';
import { AlertMessage } from './alert-message';
import { Button } from './button';

export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

export interface DateRangeFormLabels {
  form: string;
  from: string;
  to: string;
  search: string;
  clear: string;
  rangeInvalid: string;
}

const INPUT =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base outline-none focus:border-emerald-600 focus:ring-4 focus:ring-emerald-200';

/**
 * A from–to date filter (the deposit and withdraw history, the bet report): applied on search, cleared
 * at once, a reversed range refused in place. The caller keeps the applied range (in the address).
 */
export function DateRangeForm({
  range,
  onApply,
  labels,
}: {
  range: DateRange;
  onApply: (next: DateRange) => void;
  labels: DateRangeFormLabels;
}) {
  const [error, setError] = useState<string | null>(null);
  const { draft, setDraft, commit } = useFilterDraft({ from: range.from ?? '', to: range.to ?? '' });
  const apply = (next: { from: string; to: string }) => {
    if (next.from && next.to && next.from > next.to) {
      setError(labels.rangeInvalid);
      return;
    }
    setError(null);
    commit(next);
    onApply({ from: next.from || undefined, to: next.to || undefined });
  };
  return (
    <form
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        apply(draft);
      }}
      aria-label={labels.form}
      className="grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end"
    >
      <label className="text-sm font-semibold text-slate-700">
        {labels.from}
        <input
          type="date"
          name="from"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          className={INPUT}
        />
      </label>
      <label className="text-sm font-semibold text-slate-700">
        {labels.to}
        <input
          type="date"
          name="to"
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          className={INPUT}
        />
      </label>
      <Button type="submit">{labels.search}</Button>
      <Button variant="secondary" onClick={() => apply({ from: '', to: '' })}>
        {labels.clear}
      </Button>
      {error && (
        <div className="col-span-2 sm:col-span-4">
          <AlertMessage>{error}</AlertMessage>
        </div>
      )}
    </form>
  );
}
