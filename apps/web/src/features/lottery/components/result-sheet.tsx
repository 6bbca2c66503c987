import type { LotterySheetLine } from '@lotto59/contract';
import { useLotteryTranslation } from '../i18n';
import { latinDigits } from '../lib/time';

export const hitKey = (hit: { code: string; index: number }): string => `${hit.code}#${String(hit.index)}`;

/**
 * A result sheet as the printed ones: one row per prize line in draw order, the row's label and its numbers;
 * the numbers the player hit are marked (green, and named for screen readers).
 */
export function ResultSheet({
  lines,
  hits,
}: {
  lines: readonly LotterySheetLine[];
  hits: ReadonlySet<string>;
}) {
  const { t, language } = useLotteryTranslation();
  const rows: { code: string; label: string; lines: LotterySheetLine[] }[] = [];
  for (const line of lines) {
    const last = rows.at(-1);
    if (last?.code === line.code) last.lines.push(line);
    else
      rows.push({
        code: line.code,
        // Beside Latin numbers: the label's digits Latin too (`រង្វាន់ទី1`, not `រង្វាន់ទី១`).
        label: latinDigits(language === 'km' ? line.label_km : line.label_en),
        lines: [line],
      });
  }
  return (
    <table className="w-full border-collapse text-center" data-testid="result-sheet">
      <caption className="sr-only">{t('result.title')}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{t('result.line')}</th>
          <th scope="col">{t('result.numbers')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.code} className="border-b border-slate-200 last:border-b-0" data-line={row.code}>
            <th
              scope="row"
              className="w-28 bg-slate-50 px-2 py-2 text-left text-sm font-semibold whitespace-nowrap text-slate-700"
            >
              {row.label}
            </th>
            <td className="px-2 py-2">
              <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
                {row.lines.map((line) => {
                  const hit = hits.has(hitKey(line));
                  return (
                    <li
                      key={line.index}
                      data-testid="sheet-number"
                      data-hit={hit || undefined}
                      className={`rounded-md px-2 font-mono text-xl font-bold tracking-wider tabular-nums ${
                        hit
                          ? 'bg-emerald-600 text-white'
                          : row.code === 'DB'
                            ? 'text-red-700'
                            : 'text-slate-900'
                      }`}
                    >
                      {line.number}
                      {hit && <span className="sr-only"> {t('result.hit')}</span>}
                    </li>
                  );
                })}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
