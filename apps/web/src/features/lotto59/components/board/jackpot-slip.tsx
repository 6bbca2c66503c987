import {
  BALL_MAX,
  BALL_MIN,
  buildJackpotSlip,
  formatJackpotLine,
  formatRiel,
  parseJackpotLine,
  quickPickLine,
  type JackpotLineError,
  type JackpotSlip as Slip,
} from '@lotto59/domain';
import { Dices, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { useLottoConfig } from '../../api/get-lotto-config';
import { useLottoTranslation } from '../../i18n';
import { BallPicker } from './ball-picker';
import { jackpotLineMessage } from './messages';
import type { SlipSummary } from './regular-slip';
import { INPUT, INPUT_BAD, INPUT_OK } from './styles';

const ICON_BUTTON =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-50';

type LineError = { index: number; error: JackpotLineError } | 'NO_LINES' | null;

/** The numbers a typed line holds so far (for the picker), whatever else it holds. */
function numbersOfLine(text: string): number[] {
  const parsed = parseJackpotLine(text);
  if (parsed.ok) return parsed.value;
  const seen = new Set<number>();
  for (const token of text.split(/[\s,]+/)) {
    const n = Number(token);
    if (/^\d{1,2}$/.test(token) && n >= BALL_MIN && n <= BALL_MAX) seen.add(n);
  }
  return [...seen].sort((a, b) => a - b);
}

/**
 * JACKPOT lines of 5 numbers at the fixed stake each (decisions §3); the pool is shown when known. A line
 * is picked on the ball picker, by quick pick (the browser's randomness only chooses the player's numbers),
 * or typed. The bet button is in the bet bar (`formId`).
 */
export function JackpotSlip({
  formId,
  poolRiel,
  balanceRiel,
  disabled,
  onSubmit,
  onSummary,
}: {
  formId: string;
  poolRiel: number | undefined;
  balanceRiel: number;
  disabled: boolean;
  onSubmit: (slip: Slip) => void;
  onSummary: (summary: SlipSummary) => void;
}) {
  const config = useLottoConfig();
  const { t } = useLottoTranslation();
  const baseId = useId();
  const [lines, setLines] = useState<string[]>(['']);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<LineError>(null);
  const [balanceError, setBalanceError] = useState(false);
  const linesMax = config.jackpot.linesPerPlayerRoundMax;
  const filled = lines.filter((line) => line.trim() !== '').length;
  const activeLine = Math.min(active, lines.length - 1);

  const summaryText = t('jackpot.summary', {
    count: filled,
    total: formatRiel(filled * config.jackpot.stakeRiel),
  });
  useEffect(() => onSummary({ text: summaryText, empty: filled === 0 }), [summaryText, filled, onSummary]);

  const setLine = (index: number, value: string) => {
    setLines((all) => all.map((line, i) => (i === index ? value : line)));
    setError(null);
    setBalanceError(false);
  };
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const slip = buildJackpotSlip(lines, config.jackpot.stakeRiel);
    if (!slip.ok) {
      setError(slip.error);
      return;
    }
    setError(null);
    // Seed §5 "Insufficient amount", before the confirm (issue 11).
    const short = slip.value.totalRiel > balanceRiel;
    setBalanceError(short);
    if (!short) onSubmit(slip.value);
  }

  return (
    <form
      id={formId}
      noValidate
      onSubmit={handleSubmit}
      aria-label={t('board.jackpotTab')}
      className="space-y-4"
    >
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
            <li
              key={index}
              className={`rounded-xl p-2 ${index === activeLine ? 'bg-amber-50 ring-2 ring-amber-300' : ''}`}
            >
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
                  onFocus={() => setActive(index)}
                  onChange={(event) => setLine(index, event.target.value)}
                  aria-invalid={bad ? true : undefined}
                  aria-describedby={bad ? `${id}-error` : undefined}
                  className={`${INPUT} ${bad ? INPUT_BAD : INPUT_OK} tracking-wide`}
                />
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => {
                    setActive(index);
                    setLine(index, formatJackpotLine(quickPickLine(Math.random)));
                  }}
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
                      setActive(0);
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
              {index !== activeLine && (
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => setActive(index)}
                  className="mt-1 min-h-11 rounded-lg px-2 text-sm font-semibold text-emerald-800 underline hover:bg-emerald-50"
                >
                  {t('play.editLine', { n: index + 1 })}
                </button>
              )}
              {bad && (
                <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
                  {jackpotLineMessage(error.error, t)}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <BallPicker
        lineNumber={activeLine + 1}
        line={numbersOfLine(lines[activeLine] ?? '')}
        disabled={disabled}
        onChange={(picked) => setLine(activeLine, formatJackpotLine(picked))}
      />
      {error === 'NO_LINES' && <AlertMessage>{t('jackpot.errors.noLines')}</AlertMessage>}
      {balanceError && <AlertMessage>{t('betErrors.notEnoughMoney')}</AlertMessage>}
      <Button
        variant="secondary"
        disabled={disabled || lines.length >= linesMax}
        onClick={() => {
          setLines((all) => [...all, '']);
          setActive(lines.length);
        }}
      >
        <Plus aria-hidden="true" className="size-5" />
        {t('jackpot.addLine')}
      </Button>
    </form>
  );
}
