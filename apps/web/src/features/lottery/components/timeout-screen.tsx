import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDrawTimes, useNextDraws } from '../api/lottery-api';
import type { LotteryDraw } from '@lotto59/contract';
import { useLotteryTranslation } from '../i18n';
import { formatCountdown, latinDigits, serverOffsetMs, useNow, wallTime } from '../lib/time';
import { Card, QueryState } from './lottery-shell';

/**
 * The draw's name in the player's language (the server sends both, lottery.md §6), its time included
 * (`ទិញឈ្នះ 10:03`), in the app's Latin digits.
 */
export function useDrawLabel(): (draw: Pick<LotteryDraw, 'label_km' | 'label_en'>) => string {
  const { language } = useLotteryTranslation();
  return (draw) => latinDigits(language === 'km' ? draw.label_km : draw.label_en);
}

/**
 * `/game/lottery/timeout`: the next open draw of VN, TN and KH with a countdown to its cut-off, and today's
 * schedule. Countdowns run on the server's clock: `seconds_left` is the server's figure at the moment the answer
 * arrived, and today's `server_time` gives the device's offset, so a phone whose clock is off still counts right.
 */
export function TimeoutScreen() {
  const { t } = useLotteryTranslation();
  const next = useNextDraws();
  const today = useDrawTimes();
  const now = useNow();
  const label = useDrawLabel();
  const offsetMs = today.data ? serverOffsetMs(today.data.server_time, today.dataUpdatedAt) : 0;
  const left = (cutoffAt: string) => (Date.parse(cutoffAt) - (now + offsetMs)) / 1000;
  return (
    <div className="space-y-4">
      <Card title={t('timeout.next')}>
        <QueryState isPending={next.isPending} isError={next.isError} onRetry={() => void next.refetch()}>
          {next.data?.length === 0 && <p className="text-slate-600">{t('timeout.none')}</p>}
          <ul className="grid gap-3 sm:grid-cols-3">
            {next.data?.map((draw) => {
              const seconds = draw.seconds_left - (now - next.dataUpdatedAt) / 1000;
              return (
                <li
                  key={draw.type}
                  className="space-y-2 rounded-xl bg-emerald-50 p-3 ring-1 ring-emerald-200"
                  data-testid={`next-${draw.type}`}
                >
                  <p className="font-semibold">{t(`types.${draw.type}`)}</p>
                  <p className="text-sm text-slate-700">
                    {t('timeout.drawAt')} {wallTime(draw.draw_at)} · {t('timeout.cutoffAt')}{' '}
                    {wallTime(draw.cutoff_at)}
                  </p>
                  <p className="text-sm text-slate-700">
                    {t('timeout.closesIn')}{' '}
                    <span className="text-xl font-bold tabular-nums" data-testid="countdown">
                      {seconds > 0 ? formatCountdown(seconds) : t('timeout.closed')}
                    </span>
                  </p>
                  <Link
                    to={paths.lottery.bet.getHref(draw.type)}
                    className="flex min-h-11 items-center justify-center rounded-lg bg-emerald-700 px-4 font-semibold text-white"
                  >
                    {t('timeout.bet')}
                  </Link>
                </li>
              );
            })}
          </ul>
        </QueryState>
      </Card>
      <Card title={t('timeout.today')}>
        <QueryState isPending={today.isPending} isError={today.isError} onRetry={() => void today.refetch()}>
          <ul className="divide-y divide-slate-100" data-testid="today-draws">
            {today.data?.draws.map((draw) => {
              const seconds = left(draw.cutoff_at);
              return (
                <li key={draw.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="font-semibold">{label(draw)}</span>
                  <span className="text-sm text-slate-700 tabular-nums">
                    {t('timeout.drawAt')} {wallTime(draw.draw_at)} · {t('timeout.cutoffAt')}{' '}
                    {wallTime(draw.cutoff_at)}
                  </span>
                  <span className="text-sm font-semibold tabular-nums">
                    {draw.status === 'OPEN' && seconds > 0
                      ? formatCountdown(seconds)
                      : t(`drawStatus.${draw.status}`)}
                  </span>
                </li>
              );
            })}
          </ul>
        </QueryState>
      </Card>
    </div>
  );
}
