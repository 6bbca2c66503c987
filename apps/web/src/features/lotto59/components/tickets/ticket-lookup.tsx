import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useLottoTranslation } from '../../i18n';
import { INPUT, INPUT_BAD, INPUT_OK } from '../board/styles';

const KHMER_ZERO = 0x17e0;

/** `0001234`, `1234`, `#1234` or Khmer digits → 1234; anything else → null. */
export function parseTicketId(text: string): number | null {
  const digits = text
    .trim()
    .replace(/^#/, '')
    .replace(/[\u17e0-\u17e9]/g, (d) => String(d.charCodeAt(0) - KHMER_ZERO));
  if (!/^\d{1,15}$/.test(digits)) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Seed §2 menu item 2, ticket verification: look up one of one's own tickets by its id. */
export function TicketLookup({ onFound }: { onFound: (id: number) => void }) {
  const { t } = useLottoTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ticketId = parseTicketId(value);
    setInvalid(ticketId === null);
    if (ticketId !== null) onFound(ticketId);
  }
  return (
    <form
      role="search"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
      className="rounded-2xl bg-emerald-900 p-4 text-white shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('lookup.title')}
      </h2>
      <p className="mt-1 text-sm text-emerald-100">{t('lookup.explain')}</p>
      <div className="mt-3 flex gap-2">
        <label htmlFor={`${id}-input`} className="sr-only">
          {t('lookup.label')}
        </label>
        <input
          id={`${id}-input`}
          inputMode="numeric"
          autoComplete="off"
          placeholder="0001234"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setInvalid(false);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className={`${INPUT} ${invalid ? INPUT_BAD : INPUT_OK} text-slate-900`}
        />
        <Button type="submit" className="shrink-0 bg-amber-400 text-slate-950 hover:bg-amber-300">
          <Search aria-hidden="true" className="size-5" />
          {t('lookup.submit')}
        </Button>
      </div>
      {invalid && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-semibold text-amber-200">
          {t('lookup.invalid')}
        </p>
      )}
    </form>
  );
}
