import type { BetReport } from '@lotto59/contract';
import { formatRiel } from '@lotto59/domain';
import { formatDayMonthYear } from '@/lib/day-month-year';
import { useLottoTranslation } from '../../i18n';
import { formatSignedRiel } from '@/components/ui/money';

/** The drawing's own units; the SVG stretches to the width it is given. */
const WIDTH = 600;
const HEIGHT = 180;
const PAD_Y = 8;
/** Share of a day's column the two bars take (the rest is the gap between days). */
const GROUP = 0.7;

const COLOR = {
  turnover: '#0369a1', // sky-700
  win: '#059669', // emerald-600
  loss: '#dc2626', // red-600
  axis: '#94a3b8', // slate-400
} as const;

/** Days shown under the chart: the first, the last, and a few between so the labels never crowd. */
function labelledDays(count: number): Set<number> {
  const step = Math.max(1, Math.ceil(count / 6));
  const shown = new Set<number>([0, count - 1]);
  for (let i = 0; i < count; i += step) if (count - 1 - i >= step / 2) shown.add(i);
  return shown;
}

/**
 * The report's days as a small bar chart above the table (issue 11): per day, the turnover (always up) and the
 * win/loss (up green, down red) from one zero line, oldest day on the left. Drawn as plain SVG, no chart
 * library: the lotto route's size budget is 80 kB. The table under it carries the same figures for reading;
 * the chart is one image with a summary for screen readers, and each day's figures as a tooltip.
 */
export function ReportChart({ report }: { report: BetReport }) {
  const { t } = useLottoTranslation();
  const days = [...report.items].reverse();
  if (days.length === 0) return null;

  const top = Math.max(1, ...days.map((d) => Math.max(d.turnover, d.win_loss)));
  const bottom = Math.max(0, ...days.map((d) => -d.win_loss));
  const scale = (HEIGHT - 2 * PAD_Y) / (top + bottom);
  const zeroY = PAD_Y + top * scale;
  const column = WIDTH / days.length;
  const bar = (column * GROUP) / 2;
  const labels = labelledDays(days.length);
  const dayLabel = (date: string) => formatDayMonthYear(date).slice(0, 5); // DD-MM

  return (
    <figure
      className="space-y-2 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
      data-testid="report-chart"
    >
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-semibold text-slate-800">{t('report.chartTitle')}</span>
        <span className="flex gap-3 text-slate-700" aria-hidden="true">
          <span className="inline-flex items-center gap-1">
            <span className="size-3 rounded-sm" style={{ background: COLOR.turnover }} />
            {t('report.turnover')}
          </span>
          <span className="inline-flex items-center gap-1">
            <span className="size-3 rounded-sm" style={{ background: COLOR.win }} />
            <span className="-ml-1 size-3 rounded-sm" style={{ background: COLOR.loss }} />
            {t('report.winLoss')}
          </span>
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="block h-40 w-full"
        role="img"
        aria-label={t('report.chartSummary', {
          days: days.length,
          turnover: formatRiel(report.total.turnover),
          winLoss: formatSignedRiel(report.total.win_loss),
        })}
      >
        {days.map((day, i) => {
          const x = i * column + (column * (1 - GROUP)) / 2;
          const turnoverHeight = day.turnover * scale;
          const winLossHeight = Math.abs(day.win_loss) * scale;
          return (
            <g key={day.date} data-testid="report-chart-day" data-date={day.date}>
              <title>
                {t('report.chartDay', {
                  date: formatDayMonthYear(day.date),
                  turnover: formatRiel(day.turnover),
                  winLoss: formatSignedRiel(day.win_loss),
                })}
              </title>
              <rect
                x={x}
                y={zeroY - turnoverHeight}
                width={bar}
                height={turnoverHeight}
                fill={COLOR.turnover}
              />
              <rect
                x={x + bar}
                y={day.win_loss >= 0 ? zeroY - winLossHeight : zeroY}
                width={bar}
                height={winLossHeight}
                fill={day.win_loss >= 0 ? COLOR.win : COLOR.loss}
                data-testid="report-chart-win-loss"
              />
            </g>
          );
        })}
        <line
          x1={0}
          x2={WIDTH}
          y1={zeroY}
          y2={zeroY}
          stroke={COLOR.axis}
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div
        className="grid text-center text-xs text-slate-600 tabular-nums"
        style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}
        aria-hidden="true"
      >
        {days.map((day, i) => (
          <span key={day.date} className="truncate">
            {labels.has(i) ? dayLabel(day.date) : ''}
          </span>
        ))}
      </div>
    </figure>
  );
}
