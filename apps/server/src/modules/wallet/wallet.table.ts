import type { Riel } from '@lotto59/domain';
import type { Generated, Selectable } from 'kysely';

export const ACCOUNT_KINDS = ['player', 'house', 'cash', 'jackpot', 'provider'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export interface AccountsTable {
  id: Generated<number>;
  /** `player:<id>`, `house`, `cash`, `jackpot`, `provider:<name>`. */
  code: string;
  kind: AccountKind;
  player_id: number | null;
  /** Whole riel. Kept equal to (sum of incoming) − (sum of outgoing) transfers; see reconcile. */
  balance: Riel;
  /** 1 for system accounts only; a player account can never go below zero (schema check). */
  may_go_negative: 0 | 1;
  created_at_ms: number;
}

export interface TransfersTable {
  id: Generated<number>;
  idempotency_key: string;
  request_hash: string;
  kind: string;
  from_account_id: number;
  to_account_id: number;
  amount: Riel;
  from_balance_after: Riel;
  to_balance_after: Riel;
  reference: string | null;
  note: string | null;
  created_at_ms: number;
}

export type TransferRow = Selectable<TransfersTable>;
