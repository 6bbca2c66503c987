import { TICKET_FILTERS, type TicketFilter } from '@lotto59/domain';
import { useId, useState, type FormEvent } from 'react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { DateField, DateFieldHint } from '@/components/ui/date-range-form';
import { formatDayMonthYear, parseDayMonthYear } from '@/lib/day-month-year';
import { useTranslation } from '@/lib/i18n';
import { useFilterDraft } from '@/lib/use-filter-draft';
import type { TicketQuery } from '../../api/get-tickets';
import { useLottoTranslation, type LottoT } from '../../i18n';
import { rangeName } from '../bet-names';
import { INPUT, INPUT_OK } from '../board/styles';

export function filterName(filter: TicketFilter, t: LottoT): string {
  switch (filter) {
    case 'ALL':
      return t('tickets.filters.ALL');
    case 'JACKPOT':
      return t('tickets.filters.JACKPOT');
    case 'WIN_JACKPOT':
      return t('tickets.filters.WIN_JACKPOT');
    case 'NOT_JACKPOT':
      return t('tickets.filters.NOT_JACKPOT');
    case 'OUTSTANDING':
      return t('tickets.filters.OUTSTANDING');
    default:
      return rangeName(filter, t);
  }
}

/** What the player sees and types: the dates as `DD-MM-YYYY` (the address and the API keep `YYYY-MM-DD`). */
type Draft = { type: TicketFilter; from: string; to: string; round: string };

/** Seed §3 ticket filters, a date range (typed `DD-MM-YYYY`, as on every screen) and one round; applied together. */
export function TicketFilters({
  query,
  onApply,
}: {
  query: TicketQuery;
  onApply: (next: Omit<TicketQuery, 'page'>) => void;
}) {
  const { t } = useLottoTranslation();
  const { t: appT } = useTranslation();
  const id = useId();
  const hintId = `${id}-date-hint`;
  const [error, setError] = useState<{ message: string; dates: ('from' | 'to')[] } | null>(null);
  const { draft, setDraft, commit } = useFilterDraft<Draft>({
    type: query.type,
    from: formatDayMonthYear(query.from ?? ''),
    to: formatDayMonthYear(query.to ?? ''),
    round: query.resultId === undefined ? '' : String(query.resultId),
  });
  function apply(next: Draft) {
    const from = parseDayMonthYear(next.from);
    const to = parseDayMonthYear(next.to);
    if (from === null || to === null) {
      const dates = (['from', 'to'] as const).filter((f) => parseDayMonthYear(next[f]) === null);
      setError({ message: appT('dateField.invalid'), dates });
      return;
    }
    if (from && to && from > to) {
      setError({ message: t('filters.rangeInvalid'), dates: ['from', 'to'] });
      return;
    }
    const round = next.round.trim() === '' ? undefined : Number(next.round.trim());
    if (round !== undefined && !(Number.isSafeInteger(round) && round > 0)) {
      setError({ message: t('filters.roundInvalid'), dates: [] });
      return;
    }
    setError(null);
    commit({ ...next, from: formatDayMonthYear(from), to: formatDayMonthYear(to) });
    onApply({ type: next.type, from: from || undefined, to: to || undefined, resultId: round });
  }
  const label = 'text-sm font-semibold text-slate-700';
  return (
    <form
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        apply(draft);
      }}
      aria-label={t('filters.label')}
      className="grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:grid-cols-4"
    >
      <label className={`${label} col-span-2 lg:col-span-1`} htmlFor={`${id}-type`}>
        {t('filters.type')}
        <select
          id={`${id}-type`}
          value={draft.type}
          onChange={(event) => setDraft({ ...draft, type: event.target.value as TicketFilter })}
          className={`mt-1 ${INPUT} ${INPUT_OK}`}
        >
          {TICKET_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {filterName(filter, t)}
            </option>
          ))}
        </select>
      </label>
      <DateField
        label={t('filters.from')}
        name="from"
        value={draft.from}
        invalid={error?.dates.includes('from') ?? false}
        hintId={hintId}
        onChange={(from) => setDraft({ ...draft, from })}
      />
      <DateField
        label={t('filters.to')}
        name="to"
        value={draft.to}
        invalid={error?.dates.includes('to') ?? false}
        hintId={hintId}
        onChange={(to) => setDraft({ ...draft, to })}
      />
      <DateFieldHint id={hintId} className="col-span-2 lg:order-1 lg:col-span-4" />
      <label className={`${label} col-span-2 lg:col-span-1`}>
        {t('filters.round')}
        <input
          inputMode="numeric"
          value={draft.round}
          onChange={(event) => setDraft({ ...draft, round: event.target.value })}
          className={`mt-1 ${INPUT} ${INPUT_OK}`}
        />
      </label>
      <div className="col-span-2 flex gap-2 lg:order-2 lg:col-span-4 lg:justify-end">
        <Button type="submit" className="flex-1 lg:flex-none">
          {t('filters.search')}
        </Button>
        <Button
          variant="secondary"
          className="flex-1 lg:flex-none"
          onClick={() => apply({ type: 'ALL', from: '', to: '', round: '' })}
        >
          {t('filters.clear')}
        </Button>
      </div>
      {error && (
        <div className="col-span-2 lg:order-2 lg:col-span-4">
          <AlertMessage>{error.message}</AlertMessage>
        </div>
      )}
    </form>
  );
}
