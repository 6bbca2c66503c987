import type { Riel } from '@lotto59/domain';
import type { Db, Executor } from '../../db/database';
import { retryOnConflict } from '../../db/db-errors';
import type { AuditService } from '../audit/audit.service';
import type { TransferReceipt } from './wallet.ledger';
import type { WalletService } from './wallet.service';

export interface CashMovement {
  playerId: number;
  amount: Riel;
  /** The operator's key for this movement; the same key twice moves the money once. */
  idempotencyKey: string;
  note?: string | undefined;
}

/**
 * Money in and out of the product (operator deposits and withdrawals): a transfer between the cash
 * account and the player's wallet, audit-logged in the same transaction.
 */
/**
 * Responsible gaming's deposit limit (services.ts fills it in): `judge` counts a deposit and refuses it
 * (LIMIT_REACHED) over the room left, inside the deposit's transaction.
 */
export interface DepositGate {
  judge(trx: Executor, playerId: number, amount: Riel): Promise<void>;
}

export class CashierService {
  private depositGate: DepositGate | undefined;

  useDepositGate(gate: DepositGate): void {
    this.depositGate = gate;
  }

  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly audit: AuditService,
  ) {}

  deposit(m: CashMovement): Promise<TransferReceipt> {
    return this.move('deposit', m);
  }

  /** Refused with INSUFFICIENT_FUNDS beyond the balance; nothing moves then. */
  withdraw(m: CashMovement): Promise<TransferReceipt> {
    return this.move('withdraw', m);
  }

  private move(kind: 'deposit' | 'withdraw', m: CashMovement): Promise<TransferReceipt> {
    const player = { playerId: m.playerId };
    const cash = { system: 'cash' as const };
    return retryOnConflict(() =>
      this.db.transaction().execute(async (trx) => {
        const gate = kind === 'deposit' ? this.depositGate : undefined;
        const receipt = await this.wallet.transferWithin(trx, {
          idempotencyKey: `${kind}:${m.idempotencyKey}`,
          kind,
          from: kind === 'deposit' ? cash : player,
          to: kind === 'deposit' ? player : cash,
          amount: m.amount,
          note: m.note,
        });
        // Judged after the credit, so that a replayed key answers its first answer and counts nothing; a
        // refusal rolls the credit back. (Its lock order, account then limits, is the reverse of a stake's:
        // a deadlock with a stake of the same player is retried by retryOnConflict.)
        if (!receipt.replayed) await gate?.judge(trx, m.playerId, m.amount);
        if (!receipt.replayed) {
          await this.audit.record(
            { kind, playerId: m.playerId, detail: { amount: m.amount, transferId: receipt.transferId } },
            trx,
          );
        }
        return receipt;
      }),
    );
  }
}
