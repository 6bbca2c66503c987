import { ALL_BALLS, JACKPOT_LINE_SIZE } from '@lotto59/domain';
import { useLottoTranslation } from '../../i18n';

/**
 * The ball picker of one jackpot line: tap up to 5 of the 59 balls (a tap again puts one back). Once the
 * line is full, the other balls wait until one is taken off.
 */
export function BallPicker({
  lineNumber,
  line,
  onChange,
  disabled,
}: {
  /** 1-based, for the label. */
  lineNumber: number;
  line: readonly number[];
  onChange: (line: number[]) => void;
  disabled: boolean;
}) {
  const { t } = useLottoTranslation();
  const set = new Set(line);
  const full = set.size >= JACKPOT_LINE_SIZE;
  return (
    <div className="space-y-2 rounded-xl bg-amber-50/60 p-2 ring-1 ring-amber-200">
      <p className="flex justify-between text-sm font-semibold text-slate-800">
        <span>{t('play.picker', { n: lineNumber })}</span>
        <span className="tabular-nums" aria-live="polite">
          {t('play.pickerCount', { count: set.size, size: JACKPOT_LINE_SIZE })}
        </span>
      </p>
      <div
        role="group"
        aria-label={t('play.picker', { n: lineNumber })}
        // 44 px touch targets, as the NUMBER grid (number-grid.tsx): as many columns as fit at that width.
        className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-1"
        data-testid="ball-picker"
      >
        {ALL_BALLS.map((n) => {
          const on = set.has(n);
          return (
            <button
              key={n}
              type="button"
              aria-pressed={on}
              disabled={disabled || (full && !on)}
              onClick={() => onChange(on ? line.filter((b) => b !== n) : [...line, n].sort((a, b) => a - b))}
              className={`inline-flex min-h-11 items-center justify-center rounded-full text-base font-semibold tabular-nums ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-40 ${
                on
                  ? 'bg-amber-400 text-slate-950 ring-amber-600'
                  : 'bg-white text-slate-800 ring-slate-300 hover:bg-amber-100'
              }`}
            >
              {n}
            </button>
          );
        })}
      </div>
    </div>
  );
}
