import { TICKET_FILTERS, type TicketFilter } from '@lotto59/domain';
import { useId, useState, type FormEvent } from 'react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
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

type Draft = { type: TicketFilter; from: string; to: string; round: string };

/** Seed §3 ticket filters, a date range and one round; applied together. */
export function TicketFilters({
  query,
  onApply,
}: {
  query: TicketQuery;
  onApply: (next: Omit<TicketQuery, 'page'>) => void;
}) {
  const { t } = useLottoTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const { draft, setDraft, commit } = useFilterDraft<Draft>({
    type: query.type,
    from: query.from ?? '',
    to: query.to ?? '',
    round: query.resultId === undefined ? '' : String(query.resultId),
  });
  function apply(next: Draft) {
    if (next.from && next.to && next.from > next.to) {
      setError(t('filters.rangeInvalid'));
      return;
    }
    const round = next.round.trim() === '' ? undefined : Number(next.round.trim());
    if (round !== undefined && !(Number.isSafeInteger(round) && round > 0)) {
      setError(t('filters.roundInvalid'));
      return;
    }
    setError(null);
    commit(next);
    onApply({ type: next.type, from: next.from || undefined, to: next.to || undefined, resultId: round });
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
      <label className={label}>
        {t('filters.from')}
        <input
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          className={`mt-1 ${INPUT} ${INPUT_OK}`}
        />
      </label>
      <label className={label}>
        {t('filters.to')}
        <input
          type="date"
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          className={`mt-1 ${INPUT} ${INPUT_OK}`}
        />
      </label>
      <label className={`${label} col-span-2 lg:col-span-1`}>
        {t('filters.round')}
        <input
          inputMode="numeric"
          value={draft.round}
          onChange={(event) => setDraft({ ...draft, round: event.target.value })}
          className={`mt-1 ${INPUT} ${INPUT_OK}`}
        />
      </label>
      <div className="col-span-2 flex gap-2 lg:col-span-4 lg:justify-end">
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
        <div className="col-span-2 lg:col-span-4">
          <AlertMessage>{error}</AlertMessage>
        </div>
      )}
    </form>
  );
}
