import type { StatementProduct, StatementRow } from '@lotto59/contract';
import { paths } from '@/config/paths';

/**
 * Where a row opens: a lotto 59 ticket, the tickets of a lotto 59 round, the lottery's tickets, the report
 * that lists a provider's round (casino and slots share one), the fishing report, the cashier's history.
 */
export function referenceHref(row: Pick<StatementRow, 'product' | 'kind' | 'reference'>): string {
  const ref = row.reference;
  switch (ref?.type) {
    case 'LOTTO59_TICKET':
      return paths.ticket.lotto59.getHref(ref.id);
    case 'LOTTO59_ROUND':
      return `${paths.ticket.lotto59.getHref()}?round=${encodeURIComponent(ref.id)}`;
    case 'LOTTERY_TICKET':
    case 'LOTTERY_DRAW':
      return paths.ticket.lottery.getHref();
    case 'PROVIDER_ROUND':
    case 'FISHING_TRANSFER':
    case undefined:
      return PRODUCT_HREF[row.product](row.kind);
  }
}

const PRODUCT_HREF: Record<StatementProduct, (kind: StatementRow['kind']) => string> = {
  LOTTO59: () => paths.ticket.lotto59.getHref(),
  JACKPOT: () => paths.ticket.lotto59.getHref(),
  LOTTERY: () => paths.ticket.lottery.getHref(),
  CASINO: () => paths.report.casino.getHref(),
  SLOT: () => paths.report.casino.getHref(),
  SPORT: () => paths.report.sport.getHref(),
  FISHING: () => paths.report.fishing.getHref(),
  CASHIER: (kind) =>
    kind === 'WITHDRAW' ? paths.transaction.withdraw.getHref() : paths.transaction.deposit.getHref(),
};
