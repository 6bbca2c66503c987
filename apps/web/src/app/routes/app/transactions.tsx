import { TransactionHistory } from '@/features/transactions/components/transaction-history';

/** `/transaction/deposit`. */
export function DepositHistoryRoute() {
  return <TransactionHistory type="deposit" />;
}

/** `/transaction/withdraw`. */
export function WithdrawHistoryRoute() {
  return <TransactionHistory type="withdraw" />;
}
