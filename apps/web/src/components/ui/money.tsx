import { formatRiel, formatSignedRiel } from '@lotto59/domain';

// The domain's signed form (one minus sign, U+2212, everywhere); kept importable from here for the screens.
export { formatSignedRiel };

/** Green for a gain, red for a loss, plain for nothing: on top of the sign, never instead of it. */
export function winLoseClass(amount: number): string {
  return amount > 0 ? 'text-emerald-800' : amount < 0 ? 'text-red-700' : '';
}

/** An amount in riel with thousands separators and ៛, on one line, figures aligned. */
export function Money({
  amount,
  className = '',
  testId,
}: {
  amount: number;
  className?: string;
  testId?: string | undefined;
}) {
  return (
    <span className={`whitespace-nowrap tabular-nums ${className}`} data-testid={testId}>
      {formatRiel(amount)}
    </span>
  );
}

/** A win/lose amount from the player's side: signed and coloured. */
export function WinLoseMoney({
  amount,
  className = '',
  testId,
}: {
  amount: number;
  className?: string;
  testId?: string | undefined;
}) {
  return (
    <span
      className={`whitespace-nowrap tabular-nums ${winLoseClass(amount)} ${className}`}
      data-testid={testId}
    >
      {formatSignedRiel(amount)}
    </span>
  );
}
