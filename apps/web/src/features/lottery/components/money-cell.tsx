import { formatRiel, formatSignedRiel } from '@lotto59/domain';

/** A table cell of whole riel with thousands separators; signed values are coloured (win green, loss red). */
export function MoneyCell({
  value,
  signed = false,
  testId,
  as: Cell = 'td',
  className = '',
}: {
  value: number;
  signed?: boolean;
  testId?: string;
  as?: 'td' | 'th';
  className?: string;
}) {
  const tone = signed ? (value > 0 ? 'text-emerald-800' : value < 0 ? 'text-red-700' : '') : '';
  // A signed figure (win/lose) through the domain's formatter: `−1,200 ៛` as everywhere, not `-1,200 ៛`.
  const text = signed ? formatSignedRiel(value) : formatRiel(value);
  return (
    <Cell
      className={`px-2 py-2 text-right whitespace-nowrap tabular-nums ${tone} ${className}`}
      data-testid={testId}
    >
      {text}
    </Cell>
  );
}
