import { formatRiel, formatThousands } from '@lotto59/domain';

/** `+950 ៛`, `−1,000 ៛`, `0 ៛`: the sign says win or lose, so colour is never the only cue. */
export function formatSignedRiel(amount: number): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  return `${sign}${formatThousands(Math.abs(amount))} ៛`;
}

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
