import { useId, useState, type FormEvent } from 'react';
import { formatDayMonthYear, parseDayMonthYear } from '@/lib/day-month-year';
import { createTranslations, useTranslation } from '@/lib/i18n';
import { useFilterDraft } from '@/lib/use-filter-draft';
import { AlertMessage } from './alert-message';
import { Button } from './button';
import en from './locales/date-range.en.json';
import km from './locales/date-range.km.json';

// Every date filter says the same words, so they live with the filter (and travel with its lazy chunk).
const { useTranslation: useDateRangeTranslation } = createTranslations({ km, en });

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
 * One day of a filter, typed as the seed writes dates (`DD-MM-YYYY`) in both languages. Not
 * `<input type="date">`: the browser draws that in its own locale (`mm/dd/yyyy` on most phones), whatever the
 * app's language. A typed date is tidied to `DD-MM-YYYY` when the field is left. `hintId` names the line
 * that shows the format (`DateFieldHint`). Every date a player types goes through this field.
 */
export function DateField({
  label,
  name,
  value,
  invalid,
  hintId,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  invalid: boolean;
  hintId: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="text-sm font-semibold text-slate-700">
      {label}
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        name={name}
        value={value}
        placeholder={t('dateField.format')}
        aria-describedby={hintId}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          const iso = parseDayMonthYear(value);
          if (iso) onChange(formatDayMonthYear(iso));
        }}
        className={`${INPUT} ${invalid ? 'border-red-500' : ''}`}
      />
    </label>
  );
}

/** The format line the date fields point to (`aria-describedby`): "DD-MM-YYYY, for example …". */
export function DateFieldHint({ id, className = '' }: { id: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} className={`-mt-1 text-xs text-slate-600 ${className}`}>
      {t('dateField.hint')}
    </p>
  );
}

/**
 * A from–to date filter (the deposit and withdraw history, the bet report): dates typed `DD-MM-YYYY` and sent
 * as the API's `YYYY-MM-DD`, applied on search, cleared at once, a malformed date or a reversed range refused
 * in place. The caller keeps the applied range (in the address, API format).
 */
export function DateRangeForm({
  range,
  onApply,
  labels: ownLabels,
}: {
  range: DateRange;
  onApply: (next: DateRange) => void;
  /** Only where a screen must name its filter otherwise; every report and list uses the shared words. */
  labels?: Partial<DateRangeFormLabels>;
}) {
  const { t } = useTranslation();
  const { t: tr } = useDateRangeTranslation();
  const labels: DateRangeFormLabels = {
    form: tr('form'),
    from: tr('from'),
    to: tr('to'),
    search: tr('search'),
    clear: tr('clear'),
    rangeInvalid: tr('rangeInvalid'),
    ...ownLabels,
  };
  const hintId = useId();
  const [error, setError] = useState<{ message: string; fields: ('from' | 'to')[] } | null>(null);
  // The draft is what the player sees (DD-MM-YYYY); the range applied is the API's format.
  const { draft, setDraft, commit } = useFilterDraft({
    from: formatDayMonthYear(range.from ?? ''),
    to: formatDayMonthYear(range.to ?? ''),
  });
  const apply = (next: { from: string; to: string }) => {
    const from = parseDayMonthYear(next.from);
    const to = parseDayMonthYear(next.to);
    if (from === null || to === null) {
      const fields = (['from', 'to'] as const).filter((f) => parseDayMonthYear(next[f]) === null);
      setError({ message: t('dateField.invalid'), fields });
      return;
    }
    if (from && to && from > to) {
      setError({ message: labels.rangeInvalid, fields: ['from', 'to'] });
      return;
    }
    setError(null);
    const shown = { from: formatDayMonthYear(from), to: formatDayMonthYear(to) };
    commit(shown);
    onApply({ from: from || undefined, to: to || undefined });
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
      <DateField
        label={labels.from}
        name="from"
        value={draft.from}
        invalid={error?.fields.includes('from') ?? false}
        hintId={hintId}
        onChange={(from) => setDraft({ ...draft, from })}
      />
      <DateField
        label={labels.to}
        name="to"
        value={draft.to}
        invalid={error?.fields.includes('to') ?? false}
        hintId={hintId}
        onChange={(to) => setDraft({ ...draft, to })}
      />
      <DateFieldHint id={hintId} className="col-span-2 sm:order-last sm:col-span-4" />
      <Button type="submit">{labels.search}</Button>
      <Button variant="secondary" onClick={() => apply({ from: '', to: '' })}>
        {labels.clear}
      </Button>
      {error && (
        <div className="col-span-2 sm:col-span-4">
          <AlertMessage>{error.message}</AlertMessage>
        </div>
      )}
    </form>
  );
}
