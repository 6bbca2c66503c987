import { formatRiel, formatThousands } from '@lotto59/domain';
import { useLottoConfig } from '../../api/get-lotto-config';
import { useId, type ReactNode } from 'react';
import { AMOUNT_CHIPS_RIEL } from '../../config';
import { formatAmountInput } from '../../lib/amount-input';
import { useLottoTranslation } from '../../i18n';
import { INPUT, INPUT_BAD, INPUT_OK, TOGGLE, TOGGLE_OFF, TOGGLE_ON } from './styles';

/**
 * The stake of each bet: typed (Latin or Khmer digits, shown with separators as typed) or set by a chip;
 * `actions` ("repeat last bet", "×2") sit beside the chips. The limits are shown and checked before the
 * confirm; the server enforces them.
 */
export function AmountField({
  value,
  onChange,
  error,
  disabled,
  actions,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
  actions?: ReactNode;
}) {
  const config = useLottoConfig();
  const { t } = useLottoTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-700">
        {t('board.amount')}
      </label>
      <input
        id={id}
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(formatAmountInput(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        className={`${INPUT} ${error ? INPUT_BAD : INPUT_OK} text-right text-lg font-semibold`}
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {t('board.amountLimits', {
          min: formatRiel(config.limits.minRiel),
          max: formatRiel(config.limits.maxRiel),
        })}
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      <div role="group" aria-label={t('board.chips')} className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
        {AMOUNT_CHIPS_RIEL.map((chip) => {
          const selected = value.replace(/[,\s]/g, '') === String(chip);
          return (
            <button
              key={chip}
              type="button"
              disabled={disabled}
              aria-pressed={selected}
              onClick={() => onChange(formatThousands(chip))}
              className={`${TOGGLE} text-sm ${selected ? TOGGLE_ON : TOGGLE_OFF}`}
            >
              {formatThousands(chip)}
            </button>
          );
        })}
      </div>
      {actions && <div className="mt-2 grid grid-cols-2 gap-2">{actions}</div>}
    </div>
  );
}
