import { formatRiel, ROLL } from '@lotto59/domain';
import { ChevronDown } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useDrawResult, useDrawTimes, useTicketItems, useTicketList } from '../api/lottery-api';
import type { LotteryDraw } from '@lotto59/contract';
import { useLotteryTranslation } from '../i18n';
import { serverOffsetMs, wallDay } from '../lib/time';
import { Card, QueryState } from './lottery-shell';
import { hitKey, ResultSheet } from './result-sheet';
import { useDrawLabel } from './timeout-screen';
import { VerifyPanel } from './verify-panel';

const HAS_RESULT = new Set(['DRAWN', 'SETTLED']);

/**
 * The draws to pick from, as a player looks for them (issue 26, item 7): those whose betting has ended, newest
 * first (the latest result on top, next to the sheet), then those still open for bets, soonest first.
 */
export function drawsNewestFirst(draws: readonly LotteryDraw[]): {
  past: LotteryDraw[];
  later: LotteryDraw[];
} {
  const at = (draw: LotteryDraw) => Date.parse(draw.draw_at);
  return {
    past: draws.filter((d) => d.status !== 'OPEN').sort((a, b) => at(b) - at(a)),
    later: draws.filter((d) => d.status === 'OPEN').sort((a, b) => at(a) - at(b)),
  };
}

function DrawButtons({
  draws,
  chosenId,
  onChoose,
  testId,
}: {
  draws: readonly LotteryDraw[];
  chosenId: number | undefined;
  onChoose: (id: number) => void;
  testId: string;
}) {
  const { t } = useLotteryTranslation();
  const label = useDrawLabel();
  return (
    // On a phone one row that scrolls sideways (newest first, so the latest are in sight): a day's 19 draws in
    // rows of two pushed the sheet a screen down. Wider screens wrap them.
    <ul
      className="flex gap-2 max-sm:-mx-4 max-sm:overflow-x-auto max-sm:px-4 max-sm:pb-1 sm:flex-wrap"
      data-testid={testId}
    >
      {draws.map((draw) => (
        <li key={draw.id} className="shrink-0">
          <button
            type="button"
            aria-pressed={draw.id === chosenId}
            onClick={() => onChoose(draw.id)}
            className={`min-h-11 rounded-lg px-3 text-sm font-semibold ring-1 ${
              draw.id === chosenId
                ? 'bg-emerald-700 text-white ring-emerald-700'
                : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
            }`}
          >
            {/* The label holds the draw time already. */}
            {label(draw)} · {t(`drawStatus.${draw.status}`)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * `/game/lottery/result`: today's draws to pick from (`?draw=` keeps the choice in the address), the chosen
 * draw's sheet with the player's hits marked, their items on it, and the verify panel. A draw being watched is
 * asked again around its draw time, so its sheet and payouts appear without a reload; `onSettled` runs when
 * it settles while shown (the balance changed).
 */
export function ResultScreen({ onSettled }: { onSettled?: () => void }) {
  const { t } = useLotteryTranslation();
  const [params, setParams] = useSearchParams();
  const times = useDrawTimes();
  const draws = times.data?.draws ?? [];
  const { past, later } = drawsNewestFirst(draws);
  const asked = Number(params.get('draw'));
  const chosen = draws.find((d) => d.id === asked) ?? past.find((d) => HAS_RESULT.has(d.status));
  const offsetMs = times.data ? serverOffsetMs(times.data.server_time, times.dataUpdatedAt) : 0;
  const choose = (id: number) => setParams({ draw: String(id) });
  return (
    <div className="space-y-4">
      <Card title={t('result.pickDraw')}>
        <QueryState isPending={times.isPending} isError={times.isError} onRetry={() => void times.refetch()}>
          {times.data?.draws.length === 0 && <p className="text-slate-600">{t('result.noDraws')}</p>}
          <DrawButtons draws={past} chosenId={chosen?.id} onChoose={choose} testId="draws-past" />
          {later.length > 0 && (
            // Folded unless the chosen draw is one of them: they have no result yet.
            <details className="group mt-3" open={later.some((d) => d.id === chosen?.id)}>
              <summary className="flex min-h-11 cursor-pointer items-center gap-1 text-sm font-semibold text-slate-600">
                {/* A flex summary has no marker of its own: the arrow says it opens. */}
                <ChevronDown aria-hidden="true" className="size-5 group-open:rotate-180" />
                {t('result.later')} ({later.length})
              </summary>
              <DrawButtons draws={later} chosenId={chosen?.id} onChoose={choose} testId="draws-later" />
            </details>
          )}
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
      <Card title={label(draw)} testId="result-card">
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
