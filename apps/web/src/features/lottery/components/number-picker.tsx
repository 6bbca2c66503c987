import { BET_TYPE_DIGITS, type LotteryBetType } from '@lotto59/domain';
import { useState } from 'react';
import { useLotteryTranslation } from '../i18n';
import { useFavourites, useSaveFavourites } from '@/lib/favourites';

const DIGIT =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg font-mono text-base font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

/**
 * A 00–99 / 000–999 picker beside the typed numbers (issue 26, item 5): a row of 0–9 per digit, so a number is
 * two or three taps instead of typing; "add" appends it to the numbers. Below, the player's saved numbers of
 * this bet type (a tap adds one) and a button that saves the numbers written now (`PUT /api/v1/favourites`).
 */
export function NumberPicker({
  betType,
  numbers,
  onAdd,
}: {
  betType: LotteryBetType;
  /** The numbers as written in the field: saved as they are, each checked by the server. */
  numbers: string;
  onAdd: (number: string) => void;
}) {
  const { t } = useLotteryTranslation();
  const digits = BET_TYPE_DIGITS[betType];
  const [picked, setPicked] = useState<(number | null)[]>([null, null, null]);
  const current = picked.slice(0, digits);
  const whole = current.every((d) => d !== null) ? current.join('') : null;
  const game = betType === '2D' ? 'LOTTERY_2D' : 'LOTTERY_3D';
  const favourites = useFavourites(game);
  const save = useSaveFavourites(game);
  const written = numbers.split(/[^\d]+/).filter((n) => n.length === digits);
  return (
    <div className="space-y-2 rounded-xl bg-slate-50 p-2 ring-1 ring-slate-200" data-testid="number-picker">
      <p className="text-sm font-semibold">{t('bet.picker')}</p>
      {current.map((chosen, place) => (
        <div
          key={place}
          role="group"
          aria-label={t('bet.pickerDigit', { n: place + 1 })}
          className="grid grid-cols-5 gap-1 sm:grid-cols-10"
        >
          {/* Which digit the row writes, on sight too (two or three rows of the same ten buttons). */}
          <span aria-hidden="true" className="col-span-full text-xs font-semibold text-slate-600">
            {t('bet.pickerDigit', { n: place + 1 })}
            {chosen !== null && ` · ${chosen}`}
          </span>
          {Array.from({ length: 10 }, (_, d) => (
            <button
              key={d}
              type="button"
              aria-pressed={chosen === d}
              onClick={() => setPicked((p) => p.map((v, i) => (i === place ? d : v)))}
              className={`${DIGIT} ${chosen === d ? 'bg-emerald-700 text-white ring-emerald-700' : 'bg-white ring-slate-300'}`}
            >
              {d}
            </button>
          ))}
        </div>
      ))}
      <button
        type="button"
        disabled={whole === null}
        data-testid="picker-add"
        onClick={() => {
          if (whole === null) return;
          onAdd(whole);
          setPicked([null, null, null]);
        }}
        className="min-h-11 rounded-lg bg-emerald-700 px-3 font-mono text-sm font-semibold text-white disabled:opacity-50"
      >
        {t('bet.pickerAdd', { number: whole ?? '–'.repeat(digits) })}
      </button>
      <div className="flex flex-wrap items-center gap-1.5" data-testid="lottery-favourites">
        <span className="text-sm font-semibold">{t('bet.favourites')}</span>
        {favourites.map((n) => (
          <button
            key={n}
            type="button"
            onClick={() => onAdd(n)}
            className={`${DIGIT} bg-white px-2 ring-emerald-300`}
          >
            {n}
          </button>
        ))}
        {favourites.length === 0 && <span className="text-xs text-slate-600">{t('bet.noFavourites')}</span>}
      </div>
      <button
        type="button"
        data-testid="save-lottery-favourites"
        disabled={written.length === 0 || save.isPending}
        onClick={() => save.mutate(written)}
        className="min-h-11 rounded-lg px-3 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-300 disabled:opacity-50"
      >
        {t('bet.saveFavourites')}
      </button>
    </div>
  );
}
