import type { BetRecord } from '@lotto59/contract';
import type { BetStatus } from '@lotto59/domain';
import { useLottoTranslation, type LottoT } from '../../i18n';

const STATUS_STYLE: Record<BetStatus, string> = {
  PENDING: 'bg-amber-100 text-amber-900',
  WON: 'bg-emerald-100 text-emerald-900',
  LOST: 'bg-slate-200 text-slate-800',
  VOID: 'bg-sky-100 text-sky-900',
};

export function statusName(status: BetStatus, t: LottoT): string {
  switch (status) {
    case 'PENDING':
      return t('ticket.status.PENDING');
    case 'WON':
      return t('ticket.status.WON');
    case 'LOST':
      return t('ticket.status.LOST');
    case 'VOID':
      return t('ticket.status.VOID');
  }
}

export function StatusPill({ status }: { status: BetStatus }) {
  const { t } = useLottoTranslation();
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}
      data-status={status}
    >
      {statusName(status, t)}
    </span>
  );
}

/**
 * What a ticket did to the balance: the stake went out when it was placed; a settled ticket brought back its
 * payout (stake included; a void one its stake).
 */
export function balanceEffectOf(bet: Pick<BetRecord, 'status' | 'amount' | 'payout'>): number {
  return bet.status === 'PENDING' ? -bet.amount : bet.payout - bet.amount;
}
