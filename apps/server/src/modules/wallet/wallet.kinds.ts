/**
 * Every `kind` a transfer row may carry: what the movement is for. A command's kind is typed with this list,
 * so a new kind is added here first, and the player's statement (modules/statement/statement.mapping.ts)
 * must then say what it is to the player before the code compiles (`statement.mapping.test.ts` also scans
 * the source for kinds written as SQL text).
 */
export const TRANSFER_KINDS = [
  // the cashier (cashier.service.ts)
  'deposit',
  'withdraw',
  // lotto 59: stakes (the stake batch, bets.kysely-writer.ts), payouts and refunds (settlement.service.ts)
  'bet_stake',
  'bet_payout',
  'bet_refund',
  // the lotto 59 jackpot pool (jackpot.service.ts): house → pool, pool → winner
  'jackpot_seed',
  'jackpot_feed',
  'jackpot_win',
  // the ticket lottery (tickets/bet.service.ts, settlement/settlement.service.ts)
  'lottery_stake',
  'lottery_payout',
  'lottery_refund',
  // the seamless wallet of provider games (seamless-wallet/seamless-wallet.moves.ts and its sqlite/moves.ts)
  'provider_bet',
  'provider_win',
  'provider_rollback',
  // the transfer wallet of fishing provider 4 (fishing/transfer-wallet.service.ts)
  'provider_transfer_in',
  'provider_transfer_out',
  'provider_transfer_reversal',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
