import {
  buildBetSlip,
  formatRiel,
  POSTS,
  RANGE_BET_TYPES,
  RANGE_TOTALS,
  type BetSlip,
  type BetSlipError,
  type Post,
  type RangeBetType,
} from '@lotto59/domain';
import { useLottoConfig } from '../../api/get-lotto-config';
import { useId, useState, type FormEvent } from 'react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { formatRate } from '../../config';
import { useLottoTranslation } from '../../i18n';
import { rangeName, rangeShortName } from '../bet-names';
import { AmountField } from './amount-field';
import { fieldOfSlipError, slipErrorMessage } from './messages';
import { INPUT, INPUT_BAD, INPUT_OK, TOGGLE, TOGGLE_OFF, TOGGLE_ON } from './styles';

const BANDS = RANGE_BET_TYPES.slice(0, 5);
const SIDES = RANGE_BET_TYPES.slice(5);

const totals = (type: RangeBetType) => `${RANGE_TOTALS[type].min}–${RANGE_TOTALS[type].max}`;

function toggled<T>(items: readonly T[], item: T): T[] {
  return items.includes(item) ? items.filter((i) => i !== item) : [...items, item];
}

function RangeButton({
  type,
  pressed,
  disabled,
  onToggle,
}: {
  type: RangeBetType;
  pressed: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const config = useLottoConfig();
  const { t } = useLottoTranslation();
  const rate = formatRate(config.rates[type]);
  const side = type === 'RANGE_6' || type === 'RANGE_7';
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onToggle}
      aria-label={t('board.rangeButton', { name: rangeName(type, t), totals: totals(type), rate })}
      data-bet-type={type}
      className={`${TOGGLE} flex-col gap-0.5 py-2 ${pressed ? TOGGLE_ON : TOGGLE_OFF}`}
    >
      <span className="text-2xl leading-none">
        {rangeShortName(type)}
        {side && <span className="ml-1 text-sm font-normal">{rangeName(type, t)}</span>}
      </span>
      <span className={`text-xs font-normal ${pressed ? 'text-emerald-50' : 'text-slate-600'}`}>
        {totals(type)}
      </span>
      <span className={`text-sm ${pressed ? 'text-white' : 'text-emerald-800'}`}>
        {t('board.multiply', { rate })}
      </span>
    </button>
  );
}

/**
 * RANGE_1…RANGE_7 and NUMBER bets of one submission, at one amount each. The slip is checked here (seed §5
 * client messages) before the confirm dialog; the server judges the rest.
 */
export function RegularSlip({
  amount,
  onAmountChange,
  disabled,
  sending,
  onSubmit,
}: {
  amount: string;
  onAmountChange: (amount: string) => void;
  disabled: boolean;
  sending: boolean;
  onSubmit: (slip: BetSlip) => void;
}) {
  const config = useLottoConfig();
  const { t } = useLottoTranslation();
  const numbersId = useId();
  const [ranges, setRanges] = useState<RangeBetType[]>([]);
  const [posts, setPosts] = useState<Post[]>([]);
  const [numbers, setNumbers] = useState('');
  const [error, setError] = useState<BetSlipError | null>(null);
  const field = error ? fieldOfSlipError(error) : null;
  const message = error ? slipErrorMessage(error, t) : undefined;
  const preview = buildBetSlip({ ranges, posts, numbersText: numbers, amountText: amount });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const slip = buildBetSlip({ ranges, posts, numbersText: numbers, amountText: amount });
    if (!slip.ok) {
      setError(slip.error);
      return;
    }
    setError(null);
    onSubmit(slip.value);
  }
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setError(null);
    };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={t('board.regularTab')} className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-700">{t('board.ranges')}</legend>
        <div className="grid grid-cols-5 gap-1.5 sm:gap-2">
          {BANDS.map((type) => (
            <RangeButton
              key={type}
              type={type}
              pressed={ranges.includes(type)}
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

      <fieldset className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
        <legend className="px-1 text-sm font-semibold text-slate-700">
          {t('board.numberBet', { rate: formatRate(config.rates.NUMBER) })}
        </legend>
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
              aria-label={t('board.post', { post })}
              disabled={disabled}
              onClick={() => change(setPosts)(toggled(posts, post))}
              className={`${TOGGLE} text-lg ${posts.includes(post) ? TOGGLE_ON : TOGGLE_OFF}`}
            >
              {post}
            </button>
          ))}
        </div>
        {field === 'posts' && (
          <p id={`${numbersId}-posts-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
            {message}
          </p>
        )}
        <label htmlFor={numbersId} className="mt-3 mb-1 block text-sm font-semibold text-slate-700">
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
      </fieldset>

      <AmountField
        value={amount}
        onChange={change(onAmountChange)}
        error={field === 'amount' ? message : undefined}
        disabled={disabled}
      />

      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-emerald-50 p-3 ring-1 ring-emerald-200">
        <p className="text-sm text-emerald-950" data-testid="slip-summary" aria-live="polite">
          {preview.ok
            ? t('board.summary', {
                count: preview.value.betCount,
                total: formatRiel(preview.value.totalRiel),
              })
            : t('board.summaryEmpty')}
        </p>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={disabled}
            onClick={() => {
              setRanges([]);
              setPosts([]);
              setNumbers('');
              setError(null);
            }}
          >
            {t('board.clear')}
          </Button>
          <Button type="submit" disabled={disabled} isPending={sending} className="min-w-28">
            {t('board.place')}
          </Button>
        </div>
      </div>
    </form>
  );
}
