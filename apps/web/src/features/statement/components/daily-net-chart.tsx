import { formatRiel } from '@lotto59/domain';
import { useStatementTranslation } from '../i18n';

const WIDTH = 320;
const HEIGHT = 96;

/** Every day of the range, oldest first (`YYYY-MM-DD`), so that a quiet day is a gap, not a missing bar. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The daily net of the range as a small SVG bar chart: a bar a day above (won, deposited) or below (staked,
 * withdrawn) the zero line, scaled to the largest day. The figures are in the table and the totals: the
 * chart is their shape, labelled for screen readers by its title.
 */
export function DailyNetChart({
  from,
  to,
  daily,
}: {
  from: string;
  to: string;
  daily: readonly { date: string; net: number }[];
}) {
  const { t } = useStatementTranslation();
  const days = daysOf(from, to);
  const net = new Map(daily.map((d) => [d.date, d.net]));
  const max = Math.max(1, ...daily.map((d) => Math.abs(d.net)));
  const slot = WIDTH / Math.max(1, days.length);
  const bar = Math.max(1, slot * 0.7);
  const zero = HEIGHT / 2;
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-3">
      <figcaption className="mb-1 text-sm font-semibold text-slate-700">
        {t('statement.chartTitle')}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-24 w-full"
        role="img"
        aria-label={t('statement.chartTitle')}
        data-testid="statement-chart"
        preserveAspectRatio="none"
      >
        <line x1={0} x2={WIDTH} y1={zero} y2={zero} className="stroke-slate-300" strokeWidth={1} />
        {days.map((date, i) => {
          const value = net.get(date) ?? 0;
          if (value === 0) return null;
          const h = (Math.abs(value) / max) * (zero - 2);
          return (
            <rect
              key={date}
              x={i * slot + (slot - bar) / 2}
              y={value > 0 ? zero - h : zero}
              width={bar}
              height={Math.max(1, h)}
              className={value > 0 ? 'fill-emerald-600' : 'fill-red-600'}
              data-testid="statement-chart-bar"
            >
              <title>{`${date}: ${formatRiel(value)}`}</title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
}
