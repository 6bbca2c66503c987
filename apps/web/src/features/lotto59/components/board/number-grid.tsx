import {
  ALL_BALLS,
  BALL_MAX,
  BALL_MIN,
  ballsOfPick,
  isPick,
  SMALL_BALL_MAX,
  type NumberPick,
} from '@lotto59/domain';
import { useLottoTranslation, type LottoT } from '../../i18n';
import { TOGGLE_OFF, TOGGLE_ON } from './styles';

const PICKS: readonly NumberPick[] = ['ALL', 'ODD', 'EVEN', 'SMALL', 'BIG'];

function pickName(pick: NumberPick, t: LottoT): string {
  switch (pick) {
    case 'ALL':
      return t('play.all');
    case 'ODD':
      return t('play.odd');
    case 'EVEN':
      return t('play.even');
    case 'SMALL':
      return t('play.small', { from: BALL_MIN, to: SMALL_BALL_MAX });
    case 'BIG':
      return t('play.big', { from: SMALL_BALL_MAX + 1, to: BALL_MAX });
  }
}

// 44 px touch targets (issue 26, item 12): at 360 px the grid's eight columns made 33 × 40 px cells.
const CELL =
  'inline-flex min-h-11 items-center justify-center rounded-lg text-base font-semibold tabular-nums ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The 1–59 tap grid of a NUMBER bet, with quick selectors (all, odd, even, small, big: the domain's sets).
 * A tap toggles one number; a selector chooses exactly its numbers (again: none). `chosen` is what the
 * typed list holds, so typing and tapping are one selection.
 */
export function NumberGrid({
  chosen,
  onChange,
  disabled,
}: {
  chosen: readonly number[];
  onChange: (numbers: number[]) => void;
  disabled: boolean;
}) {
  const { t } = useLottoTranslation();
  const set = new Set(chosen);
  const toggle = (n: number) =>
    onChange(set.has(n) ? chosen.filter((c) => c !== n) : [...chosen, n].sort((a, b) => a - b));
  return (
    <div className="space-y-2">
      <div role="group" aria-label={t('play.quick')} className="flex flex-wrap gap-1.5">
        {PICKS.map((pick) => {
          const pressed = isPick(chosen, pick);
          return (
            <button
              key={pick}
              type="button"
              aria-pressed={pressed}
              disabled={disabled}
              data-pick={pick}
              onClick={() => onChange(pressed ? [] : ballsOfPick(pick))}
              className={`${CELL} px-3 text-sm ${pressed ? TOGGLE_ON : TOGGLE_OFF}`}
            >
              {pickName(pick, t)}
            </button>
          );
        })}
        <button
          type="button"
          disabled={disabled || chosen.length === 0}
          onClick={() => onChange([])}
          className={`${CELL} px-3 text-sm ${TOGGLE_OFF}`}
        >
          {t('play.clearNumbers')}
        </button>
      </div>
      <div
        role="group"
        aria-label={t('play.grid')}
        // As many columns as fit at 44 px at least: six on a 360 px phone, ten or more on a wide screen.
        className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-1"
        data-testid="number-grid"
      >
        {ALL_BALLS.map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed={set.has(n)}
            disabled={disabled}
            onClick={() => toggle(n)}
            className={`${CELL} ${set.has(n) ? TOGGLE_ON : TOGGLE_OFF}`}
          >
            {n}
          </button>
        ))}
      </div>
    </div>
  );
}
