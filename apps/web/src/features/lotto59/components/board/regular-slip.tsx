import {
  buildBetSlip,
  formatNumberList,
  formatRiel,
  parseNumberList,
  POSTS,
  RANGE_BET_TYPES,
  RANGE_TOTALS,
  type BetSlip,
  type BetSlipError,
  type Post,
  type RangeBetType,
} from '@lotto59/domain';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { useLottoConfig } from '../../api/get-lotto-config';
import { formatRate } from '../../config';
import { useLottoTranslation } from '../../i18n';
import { bandSizeName, rangeName, rangeShortName } from '../bet-names';
import { AmountField } from './amount-field';
import { fieldOfSlipError, slipErrorMessage } from './messages';
import { NumberGrid } from './number-grid';
import { NumberStats } from './number-stats';
import { limitMessage } from './slip-limits';
import { INPUT, INPUT_BAD, INPUT_OK, TOGGLE, TOGGLE_OFF, TOGGLE_ON } from './styles';

const BANDS = RANGE_BET_TYPES.slice(0, 5);
const SIDES = RANGE_BET_TYPES.slice(5);

const totals = (type: RangeBetType) => `${RANGE_TOTALS[type].min}–${RANGE_TOTALS[type].max}`;

function toggled<T>(items: readonly T[], item: T): T[] {
  return items.includes(item) ? items.filter((i) => i !== item) : [...items, item];
}

/** What the bet bar shows of the slip being filled. */
export interface SlipSummary {
  text: string;
  /** Nothing chosen yet: the bet button waits. */
  empty: boolean;
}

/**
 * A range card. Its accessible name is its visible text (no aria-label: axe `label-content-name-mismatch`),
 * with the words a screen reader needs before the big figure kept off screen. `lit`: the last result's
 * band or side, lit up on the board.
 */
function RangeButton({
  type,
  pressed,
  lit,
  disabled,
  onToggle,
}: {
  type: RangeBetType;
  pressed: boolean;
  lit: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const config = useLottoConfig();
  const { t } = useLottoTranslation();
  const rate = formatRate(config.rates[type]);
  const side = type === 'RANGE_6' || type === 'RANGE_7';
  const size = bandSizeName(type, t);
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onToggle}
      data-bet-type={type}
      data-lit={lit || undefined}
      className={`${TOGGLE} flex-col gap-0.5 py-2 ${pressed ? TOGGLE_ON : TOGGLE_OFF} ${
        lit ? 'outline-4 outline-amber-400 motion-safe:animate-light-up' : ''
      }`}
    >
      {side ? (
        <span className="flex items-baseline gap-1">
          <span className="text-sm font-semibold">{rangeName(type, t)}</span>{' '}
          <span className="text-2xl leading-none">{rangeShortName(type)}</span>
        </span>
      ) : (
        <span className="flex flex-col items-center leading-none">
          <span className="sr-only">{t('live.band')}</span>{' '}
          <span className="text-2xl">{rangeShortName(type)}</span>{' '}
          {size && <span className="mt-0.5 text-xs font-semibold">{size}</span>}
        </span>
      )}{' '}
      <span className={`text-xs font-normal ${pressed ? 'text-emerald-50' : 'text-slate-600'}`}>
        <span className="sr-only">{t('live.totalWord')}</span> {totals(type)}
      </span>{' '}
      <span className={`text-sm ${pressed ? 'text-white' : 'text-emerald-800'}`}>
        {t('board.multiply', { rate })}
      </span>
    </button>
  );
}

/**
 * RANGE_1…RANGE_7 and NUMBER bets of one submission, at one amount each. The slip is checked here (seed §5
 * client messages, and the minimum, maximum and balance with the seed §5 refusal texts) before the confirm
 * dialog; the server judges the rest. Its bet button is in the bet bar (`formId`).
 */
export function RegularSlip({
  formId,
  amount,
  onAmountChange,
  amountActions,
  balanceRiel,
  litRanges,
  disabled,
  onSubmit,
  onSummary,
}: {
  formId: string;
  amount: string;
  onAmountChange: (amount: string) => void;
  /** "repeat last bet" and "×2", beside the chips. */
  amountActions: ReactNode;
  balanceRiel: number;
  litRanges: ReadonlySet<string>;
  disabled: boolean;
  onSubmit: (slip: BetSlip) => void;
  onSummary: (summary: SlipSummary) => void;
}) {
  const config = useLottoConfig();
  const { t } = useLottoTranslation();
  const numbersId = useId();
  const [ranges, setRanges] = useState<RangeBetType[]>([]);
  const [posts, setPosts] = useState<Post[]>([]);
  const [numbers, setNumbers] = useState('');
  const [error, setError] = useState<BetSlipError | null>(null);
  const [limitError, setLimitError] = useState<string | null>(null);
  const field = error ? fieldOfSlipError(error) : null;
  const message = error ? slipErrorMessage(error, t) : undefined;
  const preview = buildBetSlip({ ranges, posts, numbersText: numbers, amountText: amount });
  const parsedNumbers = parseNumberList(numbers);
  const chosenNumbers = parsedNumbers.ok ? parsedNumbers.value : [];

  const empty = ranges.length === 0 && posts.length === 0 && numbers.trim() === '';
  const summaryText = preview.ok
    ? t('board.summary', { count: preview.value.betCount, total: formatRiel(preview.value.totalRiel) })
    : t('board.summaryEmpty');
  useEffect(() => onSummary({ text: summaryText, empty }), [summaryText, empty, onSummary]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const slip = buildBetSlip({ ranges, posts, numbersText: numbers, amountText: amount });
    if (!slip.ok) {
      setError(slip.error);
      return;
    }
    setError(null);
    const limit = limitMessage(slip.value, config.limits, balanceRiel, t);
    setLimitError(limit);
    if (limit) return;
    onSubmit(slip.value);
  }
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setError(null);
      setLimitError(null);
    };

  return (
    <form
      id={formId}
      noValidate
      onSubmit={handleSubmit}
      aria-label={t('board.regularTab')}
      className="space-y-4"
    >
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-700">{t('board.ranges')}</legend>
        <div className="grid grid-cols-5 gap-1.5 sm:gap-2">
          {BANDS.map((type) => (
            <RangeButton
              key={type}
              type={type}
              pressed={ranges.includes(type)}
              lit={litRanges.has(type)}
              disabled={disabled}
              onToggle={() => change(setRanges)(toggled(ranges, type))}
            />
          ))}
        </div>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {SIDES.map((type) => (
            <RangeButton
              key={type}
              type={type}
              pressed={ranges.includes(type)}
              lit={litRanges.has(type)}
              disabled={disabled}
              onToggle={() => change(setRanges)(toggled(ranges, type))}
            />
          ))}
        </div>
        {field === 'bets' && (
          <div className="mt-2">
            <AlertMessage>{message}</AlertMessage>
          </div>
        )}
      </fieldset>

      <fieldset className="space-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
        <legend className="px-1 text-sm font-semibold text-slate-700">
          {t('board.numberBet', { rate: formatRate(config.rates.NUMBER) })}
        </legend>
        <div>
          <div
            role="group"
            aria-label={t('board.posts')}
            aria-describedby={field === 'posts' ? `${numbersId}-posts-error` : undefined}
            className="grid grid-cols-5 gap-2"
          >
            {POSTS.map((post) => (
              <button
                key={post}
                type="button"
                aria-pressed={posts.includes(post)}
                disabled={disabled}
                onClick={() => change(setPosts)(toggled(posts, post))}
                className={`${TOGGLE} text-lg ${posts.includes(post) ? TOGGLE_ON : TOGGLE_OFF}`}
              >
                <span className="sr-only">{t('board.posts')}</span> {post}
              </button>
            ))}
          </div>
          {field === 'posts' && (
            <p
              id={`${numbersId}-posts-error`}
              role="alert"
              className="mt-1 text-sm font-semibold text-red-700"
            >
              {message}
            </p>
          )}
        </div>
        <NumberGrid
          chosen={chosenNumbers}
          disabled={disabled}
          onChange={(next) => change(setNumbers)(next.length === 0 ? '' : formatNumberList(next))}
        />
        <NumberStats
          chosen={chosenNumbers}
          disabled={disabled}
          onAdd={(n) => change(setNumbers)(formatNumberList([...chosenNumbers, n].sort((a, b) => a - b)))}
        />
        <div>
          <label htmlFor={numbersId} className="mb-1 block text-sm font-semibold text-slate-700">
            {t('board.numbers')}
          </label>
          <input
            id={numbersId}
            name="numbers"
            autoComplete="off"
            inputMode="text"
            placeholder="5, 10-15, 59"
            value={numbers}
            disabled={disabled}
            onChange={(event) => change(setNumbers)(event.target.value)}
            aria-invalid={field === 'numbers' ? true : undefined}
            aria-describedby={`${numbersId}-hint${field === 'numbers' ? ` ${numbersId}-error` : ''}`}
            className={`${INPUT} ${field === 'numbers' ? INPUT_BAD : INPUT_OK}`}
          />
          <p id={`${numbersId}-hint`} className="mt-1 text-xs text-slate-600">
            {t('board.numbersHint')}
          </p>
          {field === 'numbers' && (
            <p id={`${numbersId}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
              {message}
            </p>
          )}
        </div>
      </fieldset>

      <AmountField
        value={amount}
        onChange={change(onAmountChange)}
        error={field === 'amount' ? message : (limitError ?? undefined)}
        disabled={disabled}
        actions={amountActions}
      />

      <div className="flex justify-end">
        <Button
          variant="secondary"
          disabled={disabled || empty}
          onClick={() => {
            setRanges([]);
            setPosts([]);
            setNumbers('');
            setError(null);
            setLimitError(null);
          }}
        >
          {t('board.clear')}
        </Button>
      </div>
    </form>
  );
}
