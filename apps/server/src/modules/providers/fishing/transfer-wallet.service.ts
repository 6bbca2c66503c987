import { randomUUID } from 'node:crypto';
import { riel, type Riel } from '@lotto59/domain';
import type { Db, Executor } from '../../../db/database';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { WalletService } from '../../wallet/wallet.public';
import type { ProviderTokens } from '../provider-tokens.service';
import * as repo from './fishing.repository';
import type { CallOutcome, TransferClient } from './transfer-client';
import { TRANSFER_CALL_TIMEOUT_MS } from './transfer-client';

// The transfer wallet of provider 4 (providers.md §4, decision 0023). A transfer's outcome is never guessed:
// it is what the provider answered, or what its `status` says later, or what an operator decides after 24 h.

const FLOAT = { system: 'float:4' } as const;

/** The worker's status queries after an unknown outcome: 1, 2, 4, 8, 16, 32 s, then every 60 s … */
export const RECHECK_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000] as const;
export const RECHECK_EVERY_MS = 60_000;
/** … for 24 h after the transfer began; then an alert, and the operator resolves it. */
export const RECHECK_FOR_MS = 24 * 3_600_000;
/**
 * An INITIATED row whose call is still running must not be asked about (a status query writes a tombstone
 * at the provider): the worker only looks at one once its call must have ended, i.e. its process died.
 */
const initiatedGraceMs = (callTimeoutMs: number) => callTimeoutMs + 1_000;

/**
 * Refusals that say the provider did not apply the transfer. RS_ERROR_UNKNOWN says nothing, and a
 * duplicate means another transfer holds the id: both leave the outcome unknown, as does any other status.
 */
const DEFINITE_REFUSALS = new Set([
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
]);

export type TransferRow = repo.TransferRow;

export interface TransferAlerts {
  /** A transfer unresolved after 24 h: logged as an error and counted (metric). */
  parked(row: TransferRow): void;
}

export type ResolvedBy = 'call' | 'status' | `operator:${string}`;

/** A whole riel amount the provider reported, or undefined when it is not one. */
function reportedRiel(value: unknown): Riel | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? riel(value) : undefined;
}
const count = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
/** A withdraw's `{shots, stake, payout}` since its deposit (providers.md §4); what is not a count reads 0. */
function summaryOf(value: unknown): { shots: number; stake: number; payout: number } {
  const summary = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { shots: count(summary.shots), stake: count(summary.stake), payout: count(summary.payout) };
}

type Verdict =
  | { state: 'COMPLETED'; amount?: Riel; summary?: { shots: number; stake: number; payout: number } }
  | { state: 'FAILED' }
  | { state: 'UNKNOWN' };

export class TransferWallet {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      wallet: WalletService;
      client: TransferClient;
      tokens: ProviderTokens;
      alerts: TransferAlerts;
      /** The client's call timeout (PROVIDER_TRANSFER_TIMEOUT_MS). */
      callTimeoutMs?: number;
      /** Test-only fault injection: the process dies between the ledger move and the provider call. */
      crashAfterLedger?: () => void;
    },
  ) {}

  private get graceMs(): number {
    return initiatedGraceMs(this.deps.callTimeoutMs ?? TRANSFER_CALL_TIMEOUT_MS);
  }

  /**
   * IN: the row INITIATED and the ledger move player → float in one transaction (refused as a whole when
   * the money is not there), then the call. Answers the transfer as it stands after the call.
   */
  async deposit(input: { playerId: number; sessionId: number; amount: Riel }): Promise<TransferRow> {
    const id = randomUUID();
    const nowMs = this.deps.clock.nowMs();
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.insertTransfer(trx, {
        id,
        player_id: input.playerId,
        provider: '4',
        direction: 'IN',
        amount: input.amount,
        state: 'INITIATED',
        attempts: 0,
        next_check_at_ms: nowMs + this.graceMs,
        created_at_ms: nowMs,
        resolved_at_ms: null,
        session_id: input.sessionId,
        resolved_by: null,
        alerted_at_ms: null,
      });
      await this.deps.wallet.transferWithin(trx, {
        idempotencyKey: `xfer:${id}:in`,
        kind: 'provider_transfer_in',
        from: { playerId: input.playerId },
        to: FLOAT,
        amount: input.amount,
        reference: id,
      });
    });
    this.deps.crashAfterLedger?.();
    const outcome = await this.deps.client.deposit({
      transferId: id,
      user: String(input.playerId),
      amount: input.amount,
    });
    await this.apply(id, this.verdictOfCall(outcome, id, 'IN'), 'call');
    return this.byId(id);
  }

  /** OUT: the row INITIATED, then the call; money moves only when the provider says what came back. */
  async withdraw(input: { playerId: number; sessionId: number }): Promise<TransferRow> {
    const id = randomUUID();
    const nowMs = this.deps.clock.nowMs();
    // The row and the session's CLOSING together: a crash leaves both or neither.
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.insertTransfer(trx, {
        id,
        player_id: input.playerId,
        provider: '4',
        direction: 'OUT',
        amount: riel(0),
        state: 'INITIATED',
        attempts: 0,
        next_check_at_ms: nowMs + this.graceMs,
        created_at_ms: nowMs,
        resolved_at_ms: null,
        session_id: input.sessionId,
        resolved_by: null,
        alerted_at_ms: null,
      });
      await repo.updateSession(trx, input.sessionId, { state: 'CLOSING' });
    });
    this.deps.crashAfterLedger?.();
    const outcome = await this.deps.client.withdraw({ transferId: id, user: String(input.playerId) });
    await this.apply(id, this.verdictOfCall(outcome, id, 'OUT'), 'call');
    return this.byId(id);
  }

  async byId(id: string): Promise<TransferRow> {
    const row = await repo.findTransfer(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  inFlightOf(playerId: number, ex: Executor = this.deps.db): Promise<TransferRow | undefined> {
    return repo.inFlightTransferOf(ex, playerId);
  }

  /**
   * One pass of the recovery worker: every due transfer in flight is asked about with `status`. Returns how
   * many it looked at. Each resolution is a conditional update, so a pass racing a late answer is harmless.
   */
  async recoverDue(limit = 100): Promise<number> {
    const due = await repo.dueTransfers(this.deps.db, this.deps.clock.nowMs(), limit);
    for (const row of due) await this.check(row);
    return due.length;
  }

  /** Asks the provider about one transfer in flight and acts on the answer (or schedules the next ask). */
  async check(row: TransferRow): Promise<void> {
    const verdict = this.verdictOfStatus(await this.deps.client.status(row.id), row);
    if (verdict.state !== 'UNKNOWN') {
      await this.apply(row.id, verdict, 'status');
      return;
    }
    const nowMs = this.deps.clock.nowMs();
    const attempts = row.attempts + 1;
    const delay = RECHECK_DELAYS_MS[attempts] ?? RECHECK_EVERY_MS;
    if (nowMs + delay - row.created_at_ms > RECHECK_FOR_MS) {
      await repo.rescheduleCheck(this.deps.db, row.id, { attempts, nextCheckAtMs: null, alertedAtMs: nowMs });
      this.deps.alerts.parked({ ...row, attempts });
      return;
    }
    await repo.rescheduleCheck(this.deps.db, row.id, { attempts, nextCheckAtMs: nowMs + delay });
  }

  /**
   * The operator's decision on a parked transfer (`ops providers transfer resolve <id> completed|failed`),
   * after checking the provider's own records. An OUT completed by hand brings back `amount`.
   */
  async resolveByOperator(
    id: string,
    outcome: 'completed' | 'failed',
    operator: string,
    amount?: Riel,
    /** The audit record, written in the same transaction as the resolution. */
    audit?: (trx: Executor, row: TransferRow) => Promise<void>,
  ): Promise<TransferRow> {
    const row = await this.byId(id);
    if (!repo.IN_FLIGHT.includes(row.state))
      throw new AppError('NOT_FOUND', 'The transfer is not in flight.');
    if (outcome === 'completed' && row.direction === 'OUT' && amount === undefined) {
      throw new AppError(
        'VALIDATION_FAILED',
        'A withdraw completed by hand needs the amount that came back.',
      );
    }
    const verdict: Verdict =
      outcome === 'completed'
        ? { state: 'COMPLETED', ...(amount === undefined ? {} : { amount }) }
        : { state: 'FAILED' };
    const applied = await this.apply(id, verdict, `operator:${operator}`, audit);
    if (!applied) throw new AppError('NOT_FOUND', 'The transfer is not in flight.');
    return this.byId(id);
  }

  /** Transfers the worker gave up on (the 24-hour alert), oldest first. */
  parked(): Promise<TransferRow[]> {
    return repo.parkedTransfers(this.deps.db);
  }

  private verdictOfCall(outcome: CallOutcome, id: string, direction: 'IN' | 'OUT'): Verdict {
    if (outcome.kind === 'unknown') return { state: 'UNKNOWN' };
    const { body } = outcome;
    if (body.status === 'RS_OK') {
      if (body.transfer_id !== id) return { state: 'UNKNOWN' };
      if (direction === 'IN') return { state: 'COMPLETED' };
      const amount = reportedRiel(body.amount);
      if (amount === undefined) return { state: 'UNKNOWN' };
      return { state: 'COMPLETED', amount, summary: summaryOf(body.summary) };
    }
    return typeof body.status === 'string' && DEFINITE_REFUSALS.has(body.status)
      ? { state: 'FAILED' }
      : { state: 'UNKNOWN' };
  }

  private verdictOfStatus(outcome: CallOutcome, row: TransferRow): Verdict {
    if (outcome.kind === 'unknown' || outcome.body.status !== 'RS_OK') return { state: 'UNKNOWN' };
    const { state } = outcome.body;
    // NOT_FOUND is final: the query left a tombstone, so the transfer can never be applied later.
    if (state === 'FAILED' || state === 'NOT_FOUND') return { state: 'FAILED' };
    if (state !== 'COMPLETED') return { state: 'UNKNOWN' };
    if (row.direction === 'IN') return { state: 'COMPLETED' };
    const amount = reportedRiel(outcome.body.amount);
    if (amount === undefined) return { state: 'UNKNOWN' };
    // The studio repeats the withdraw's summary here (its answer may be the one that was lost); a provider
    // that does not leaves the session's play figures as they were.
    return outcome.body.summary === undefined
      ? { state: 'COMPLETED', amount }
      : { state: 'COMPLETED', amount, summary: summaryOf(outcome.body.summary) };
  }

  /**
   * Records a verdict: the transfer's state, its ledger move and its session's state in one transaction,
   * behind the conditional update that lets exactly one resolver through.
   */
  private async apply(
    id: string,
    verdict: Verdict,
    resolvedBy: ResolvedBy,
    within?: (trx: Executor, row: TransferRow) => Promise<void>,
  ): Promise<boolean> {
    const nowMs = this.deps.clock.nowMs();
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await repo.findTransfer(trx, id);
      if (!row || !repo.IN_FLIGHT.includes(row.state)) return false;
      if (verdict.state === 'UNKNOWN') {
        if (row.state === 'INITIATED') {
          await repo.markUnknown(trx, id, nowMs + RECHECK_DELAYS_MS[0]);
          await repo.updateSession(trx, row.session_id, { state: 'UNKNOWN' });
        }
        return false;
      }
      const amount = verdict.state === 'COMPLETED' && row.direction === 'OUT' ? verdict.amount : undefined;
      const won = await repo.resolveTransfer(trx, id, { state: verdict.state, amount, resolvedBy, nowMs });
      if (!won) return false;
      await this.settle(trx, row, verdict, nowMs);
      await within?.(trx, row);
      return true;
    });
  }

  private async settle(trx: Executor, row: TransferRow, verdict: Verdict, nowMs: number): Promise<void> {
    const session = await repo.findSession(trx, row.session_id);
    if (row.direction === 'IN') {
      if (verdict.state === 'COMPLETED') {
        await repo.updateSession(trx, row.session_id, {
          state: 'ACTIVE',
          transfer_in: row.amount,
          last_active_ms: nowMs,
        });
        return;
      }
      // The provider never had it: the money goes back to the player, and the session never opened.
      await this.deps.wallet.transferWithin(trx, {
        idempotencyKey: `xfer:${row.id}:reverse`,
        kind: 'provider_transfer_reversal',
        from: FLOAT,
        to: { playerId: row.player_id },
        amount: row.amount,
        reference: row.id,
      });
      await repo.updateSession(trx, row.session_id, { state: 'FAILED', ended_at_ms: nowMs });
      if (session?.token_id != null) await this.deps.tokens.retire(session.token_id, trx);
      return;
    }
    if (verdict.state === 'FAILED') {
      // Nothing came back: the money is still in the game, the session stays open.
      await repo.updateSession(trx, row.session_id, { state: 'ACTIVE', last_active_ms: nowMs });
      return;
    }
    const amount = verdict.state === 'COMPLETED' ? (verdict.amount ?? riel(0)) : riel(0);
    if (amount > 0) {
      await this.deps.wallet.transferWithin(trx, {
        idempotencyKey: `xfer:${row.id}:out`,
        kind: 'provider_transfer_out',
        from: FLOAT,
        to: { playerId: row.player_id },
        amount,
        reference: row.id,
      });
    }
    const summary = verdict.state === 'COMPLETED' ? verdict.summary : undefined;
    await repo.updateSession(trx, row.session_id, {
      state: 'CLOSED',
      ended_at_ms: nowMs,
      transfer_out: amount,
      ...(summary ? { shots: summary.shots, stake: riel(summary.stake), payout: riel(summary.payout) } : {}),
    });
    if (session?.token_id != null) await this.deps.tokens.retire(session.token_id, trx);
  }
}
