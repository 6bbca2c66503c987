import {
  buildJackpotSlip,
  formatJackpotLine,
  formatRiel,
  quickPickLine,
  type JackpotLineError,
  type JackpotSlip as Slip,
} from '@lotto59/domain';
import { useLottoConfig } from '../../api/get-lotto-config';
import { Dices, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';

import { useLottoTranslation } from '../../i18n';
import { jackpotLineMessage } from './messages';
import { INPUT, INPUT_BAD, INPUT_OK } from './styles';

const ICON_BUTTON =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-50';

type LineError = { index: number; error: JackpotLineError } | 'NO_LINES' | null;

/** JACKPOT lines of 5 numbers at the fixed stake each (decisions §3); the pool is shown when known. */
export function JackpotSlip({
  poolRiel,
  disabled,
  sending,
  onSubmit,
}: {
  poolRiel: number | undefined;
  disabled: boolean;
  sending: boolean;
  onSubmit: (slip: Slip) => void;
}) {
  const config = useLottoConfig();
  const { t } = useLottoTranslation();
  const baseId = useId();
  const [lines, setLines] = useState<string[]>(['']);
  const [error, setError] = useState<LineError>(null);
  const linesMax = config.jackpot.linesPerPlayerRoundMax;
  const filled = lines.filter((line) => line.trim() !== '').length;

  const setLine = (index: number, value: string) => {
    setLines((all) => all.map((line, i) => (i === index ? value : line)));
    setError(null);
  };
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const slip = buildJackpotSlip(lines, config.jackpot.stakeRiel);
    if (!slip.ok) {
      setError(slip.error);
      return;
    }
    setError(null);
    onSubmit(slip.value);
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={t('board.jackpotTab')} className="space-y-4">
      <div className="rounded-xl bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-200">
        <p className="font-semibold">
          {poolRiel === undefined ? t('jackpot.title') : t('jackpot.pool', { amount: formatRiel(poolRiel) })}
        </p>
        <p className="mt-1 text-sm">
          {t('jackpot.explain', { stake: formatRiel(config.jackpot.stakeRiel), max: linesMax })}
        </p>
      </div>
      <ol className="space-y-2">
        {lines.map((line, index) => {
          const id = `${baseId}-${index}`;
          const bad = error !== null && error !== 'NO_LINES' && error.index === index;
          return (
            <li key={index}>
              <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-700">
                {t('jackpot.line', { n: index + 1 })}
              </label>
              <div className="flex gap-2">
                <input
                  id={id}
                  autoComplete="off"
                  inputMode="text"
                  placeholder="3 14 15 26 59"
                  value={line}
                  disabled={disabled}
                  onChange={(event) => setLine(index, event.target.value)}
                  aria-invalid={bad ? true : undefined}
                  aria-describedby={bad ? `${id}-error` : undefined}
                  className={`${INPUT} ${bad ? INPUT_BAD : INPUT_OK} tracking-wide`}
                />
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => setLine(index, formatJackpotLine(quickPickLine(Math.random)))}
                  aria-label={t('jackpot.quickPick', { n: index + 1 })}
                  title={t('jackpot.quickPick', { n: index + 1 })}
                  className={ICON_BUTTON}
                >
                  <Dices aria-hidden="true" className="size-5" />
                </button>
                {lines.length > 1 && (
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => {
                      setLines((all) => all.filter((_, i) => i !== index));
                      setError(null);
                    }}
                    aria-label={t('jackpot.remove', { n: index + 1 })}
                    title={t('jackpot.remove', { n: index + 1 })}
                    className={ICON_BUTTON}
                  >
                    <Trash2 aria-hidden="true" className="size-5" />
                  </button>
                )}
              </div>
              {bad && (
                <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
                  {jackpotLineMessage(error.error, t)}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {error === 'NO_LINES' && <AlertMessage>{t('jackpot.errors.noLines')}</AlertMessage>}
      <Button
        variant="secondary"
        disabled={disabled || lines.length >= linesMax}
        onClick={() => setLines((all) => [...all, ''])}
      >
        <Plus aria-hidden="true" className="size-5" />
        {t('jackpot.addLine')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-emerald-50 p-3 ring-1 ring-emerald-200">
        <p className="text-sm text-emerald-950" aria-live="polite">
          {t('jackpot.summary', { count: filled, total: formatRiel(filled * config.jackpot.stakeRiel) })}
        </p>
        <Button type="submit" disabled={disabled} isPending={sending} className="min-w-28">
          {t('jackpot.place')}
        </Button>
      </div>
    </form>
  );
}
