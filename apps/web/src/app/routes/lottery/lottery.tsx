import type { UserDetail } from '@lotto59/contract';
import { LOTTERY_GAME_TYPES, type LotteryGameType } from '@lotto59/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { userQueryKey } from '@/features/auth/api/get-user';
import { BetScreen } from '@/features/lottery/components/bet-screen';
import { LotteryShell } from '@/features/lottery/components/lottery-shell';
import { LotteryReport } from '@/features/lottery/components/report-screen';
import { ResultScreen } from '@/features/lottery/components/result-screen';
import { LotteryTicketList } from '@/features/lottery/components/ticket-list-screen';
import { TicketScreen } from '@/features/lottery/components/ticket-screen';
import { TimeoutScreen } from '@/features/lottery/components/timeout-screen';
import { useLotteryTranslation } from '@/features/lottery/i18n';

/*
 * The ticket lottery's routes (seed §2; registered only when the player's `enableLottery` is on, seed §6). One
 * lazy module for all of them: the screens share their API layer and texts.
 */

/** Balances the lottery learns (a bet, a refund) go straight into the user detail the top bar shows. */
function useOnBalance() {
  const queryClient = useQueryClient();
  return useCallback(
    (balance: number) =>
      queryClient.setQueryData<UserDetail | null>(userQueryKey, (current) =>
        current ? { ...current, balance } : current,
      ),
    [queryClient],
  );
}

/** `/game/lottery`: the draw times tab. */
export function LotteryHomeRoute() {
  return <Navigate to={paths.lottery.timeout.getHref()} replace />;
}

export function LotteryTimeoutRoute() {
  return (
    <LotteryShell>
      <TimeoutScreen />
    </LotteryShell>
  );
}

const gameTypeOf = (param: string | undefined): LotteryGameType | undefined =>
  LOTTERY_GAME_TYPES.find((type) => type.toLowerCase() === param?.toLowerCase());

/** `/game/lottery/bet/{type}`: the type is lower-cased and optional (seed §2). */
export function LotteryBetRoute() {
  const { type: param } = useParams();
  const navigate = useNavigate();
  const onBalance = useOnBalance();
  const type = gameTypeOf(param);
  if (param !== undefined && type === undefined) return <Navigate to={paths.lottery.bet.getHref()} replace />;
  return (
    <LotteryShell>
      <BetScreen
        type={type}
        onPlaced={(response) => {
          onBalance(response.balance);
          void navigate(paths.lottery.ticket.getHref());
        }}
      />
    </LotteryShell>
  );
}

export function LotteryTicketRoute() {
  const onBalance = useOnBalance();
  return (
    <LotteryShell>
      <TicketScreen onBalance={onBalance} />
    </LotteryShell>
  );
}

export function LotteryResultRoute() {
  const queryClient = useQueryClient();
  return (
    <LotteryShell>
      {/* A draw that settles while watched paid the player: the top bar's balance is asked again. */}
      <ResultScreen onSettled={() => void queryClient.invalidateQueries({ queryKey: userQueryKey })} />
    </LotteryShell>
  );
}

export function LotteryReportTabRoute() {
  return (
    <LotteryShell>
      <LotteryReport />
    </LotteryShell>
  );
}

/** `/report/lottery`. */
export function LotteryReportRoute() {
  const { t } = useLotteryTranslation();
  return (
    <div className="mx-auto max-w-5xl p-3 sm:p-6">
      <LotteryReport heading={t('report.title')} />
    </div>
  );
}

/** `/ticket/lottery`. */
export function LotteryTicketsRoute() {
  const { t } = useLotteryTranslation();
  return (
    <div className="mx-auto max-w-5xl p-3 sm:p-6">
      <LotteryTicketList heading={t('list.title')} />
    </div>
  );
}
