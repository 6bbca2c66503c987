import { formatRiel } from '@lotto59/domain';

/** A table cell of whole riel with thousands separators; signed values are coloured (win green, loss red). */
export function MoneyCell({
  value,
  signed = false,
  testId,
  as: Cell = 'td',
}: {
  value: number;
  signed?: boolean;
  testId?: string;
  as?: 'td' | 'th';
}) {
  const tone = signed ? (value > 0 ? 'text-emerald-800' : value < 0 ? 'text-red-700' : '') : '';
  const text = signed && value > 0 ? `+${formatRiel(value)}` : formatRiel(value);
  return (
    <Cell className={`px-2 py-2 text-right whitespace-nowrap tabular-nums ${tone}`} data-testid={testId}>
      {text}
    </Cell>
  );
}
