import { formatRiel, ROLL } from '@lotto59/domain';
import { useSearchParams } from 'react-router';
import { useDrawResult, useDrawTimes, useTicketItems, useTicketList } from '../api/lottery-api';
import type { LotteryDraw } from '@lotto59/contract';
import { useLotteryTranslation } from '../i18n';
import { serverOffsetMs, wallDay, wallTime } from '../lib/time';
import { Card, QueryState } from './lottery-shell';
import { hitKey, ResultSheet } from './result-sheet';
import { useDrawLabel } from './timeout-screen';
import { VerifyPanel } from './verify-panel';

const HAS_RESULT = new Set(['DRAWN', 'SETTLED']);

/**
 * `/game/lottery/result`: today's draws to pick from (`?draw=` keeps the choice in the address), the chosen
 * draw's sheet with the player's hits marked, their items on it, and the verify panel. A draw being watched is
 * asked again around its draw time, so its sheet and payouts appear without a reload; `onSettled` runs when
 * it settles while shown (the balance changed).
 */
export function ResultScreen({ onSettled }: { onSettled?: () => void }) {
  const { t } = useLotteryTranslation();
  const label = useDrawLabel();
  const [params, setParams] = useSearchParams();
  const times = useDrawTimes();
  const drawn = times.data?.draws.filter((d) => HAS_RESULT.has(d.status)) ?? [];
  const asked = Number(params.get('draw'));
  const chosen = times.data?.draws.find((d) => d.id === asked) ?? drawn.at(-1);
  const offsetMs = times.data ? serverOffsetMs(times.data.server_time, times.dataUpdatedAt) : 0;
  return (
    <div className="space-y-4">
      <Card title={t('result.pickDraw')}>
        <QueryState isPending={times.isPending} isError={times.isError} onRetry={() => void times.refetch()}>
          {times.data?.draws.length === 0 && <p className="text-slate-600">{t('result.noDraws')}</p>}
          <ul className="flex flex-wrap gap-2">
            {times.data?.draws.map((draw) => (
              <li key={draw.id}>
                <button
                  type="button"
                  aria-pressed={draw.id === chosen?.id}
                  onClick={() => setParams({ draw: String(draw.id) })}
                  className={`min-h-11 rounded-lg px-3 text-sm font-semibold ring-1 ${
                    draw.id === chosen?.id
                      ? 'bg-emerald-700 text-white ring-emerald-700'
                      : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
                  }`}
                >
                  {label(draw)} {wallTime(draw.draw_at)} · {t(`drawStatus.${draw.status}`)}
                </button>
              </li>
            ))}
          </ul>
        </QueryState>
      </Card>
      {chosen && (
        <DrawResultView key={chosen.id} draw={chosen} serverOffsetMs={offsetMs} onSettled={onSettled} />
      )}
    </div>
  );
}

function DrawResultView({
  draw,
  serverOffsetMs,
  onSettled,
}: {
  draw: LotteryDraw;
  serverOffsetMs: number;
  onSettled: (() => void) | undefined;
}) {
  const { t } = useLotteryTranslation();
  const label = useDrawLabel();
  const result = useDrawResult(draw.id, { serverOffsetMs, onSettled });
  const day = wallDay(draw.draw_at);
  const tickets = useTicketList({ from: day, to: day, page: 1 });
  const ids = tickets.data?.items.filter((row) => row.draw.id === draw.id).map((row) => row.id) ?? [];
  const details = useTicketItems(ids);
  const items = (details.data ?? []).flatMap((d) => d.items).filter((item) => item.status !== 'DELETED');
  const hits = new Set(items.flatMap((item) => item.hits.map(hitKey)));
  return (
    <>
      <Card title={`${label(draw)} · ${wallTime(draw.draw_at)}`} testId="result-card">
        <QueryState
          isPending={result.isPending}
          isError={result.isError}
          onRetry={() => void result.refetch()}
        >
          {result.data && result.data.lines.length === 0 ? (
            <p className="text-slate-600">{t('result.notDrawn')}</p>
          ) : (
            <>
              <ResultSheet lines={result.data?.lines ?? []} hits={hits} />
              {hits.size > 0 && <p className="text-sm text-emerald-800">{t('result.legend')}</p>}
            </>
          )}
        </QueryState>
      </Card>
      <Card title={t('result.yourItems')} testId="result-items">
        {items.length === 0 ? (
          <p className="text-slate-600">{t('result.noItems')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-mono">{item.numbers.join(' ')}</span>
                <span className="text-sm text-slate-700">
                  {item.posts.map((p) => (p === ROLL ? t('common.roll') : p)).join(' ')} · {t('result.hits')}{' '}
                  {item.hits.length}
                </span>
                <span className="font-semibold tabular-nums" data-testid="result-item-payout">
                  {formatRiel(item.payout)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {result.data && <VerifyPanel result={result.data} />}
    </>
  );
}
