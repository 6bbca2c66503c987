import { randomUUID } from 'node:crypto';
import { isRiel, riel, type Riel } from '@lotto59/domain';
import type { RgGuard } from '../../responsible-gaming/responsible-gaming.public';
import type { Db, Executor } from '../../../db/database';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { StakeBatchWriter, WalletService } from '../../wallet/wallet.public';
import type { ProviderTokens } from '../launch/provider-tokens.service';
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

/**
 * A riel amount the provider reported, or undefined when it is not one our ledger can hold (a fraction, a
 * negative, or past the domain's RIEL_MAX: an answer that says nothing, never a thrown error in a worker).
 */
function reportedRiel(value: unknown): Riel | undefined {
  return isRiel(value) && value >= 0 ? value : undefined;
}
/** A figure of the play summary: what is not a riel count the ledger can hold reads 0. */
const count = (value: unknown) => reportedRiel(value) ?? 0;
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
      /**
       * The process's one money write queue: a transfer's ledger move waits in it, so a flood is refused
       * with 503 BUSY before anything is written and a shutdown drains what was accepted.
       */
      writes: Pick<StakeBatchWriter, 'run'>;
      client: TransferClient;
      tokens: ProviderTokens;
      alerts: TransferAlerts;
      /** Responsible gaming: the move in judged as a stake, the move out counted as a payout. */
      rg: RgGuard;
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
    await this.deps.writes.run(() =>
      this.deps.db.transaction().execute(async (trx) => {
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
        // The amount moved into the game is provider 4's stake (responsible-gaming.md §2): judged before the
        // debit, in the transfer's first statement.
        await this.deps.wallet.transferWithin(
          trx,
          {
            idempotencyKey: `xfer:${id}:in`,
            kind: 'provider_transfer_in',
            from: { playerId: input.playerId },
            to: FLOAT,
            amount: input.amount,
            reference: id,
          },
          this.deps.rg.debitGuard(input.playerId, 'TRANSFER_IN', input.amount, nowMs),
        );
      }),
    );
    this.deps.crashAfterLedger?.();
    const outcome = await this.deps.client.deposit({
      transferId: id,
      user: String(input.playerId),
      amount: input.amount,
    });
    await this.apply(id, this.verdictOfCall(outcome, id, 'IN'), 'call');
    return this.byId(id);
  }

  /**
   * OUT: the session ACTIVE → CLOSING and the row INITIATED together, then the call; money moves only when
   * the provider says what came back. Undefined, with nothing written, when the session is no longer ACTIVE
   * (closed, closing or reopened since the caller read it): a stale read must not withdraw a second time.
   */
  async withdraw(input: { playerId: number; sessionId: number }): Promise<TransferRow | undefined> {
    const id = randomUUID();
    const nowMs = this.deps.clock.nowMs();
    // The row and the session's CLOSING together: a crash leaves both or neither.
    const started = await this.deps.db.transaction().execute(async (trx) => {
      const closing = await repo.moveSession(trx, input.sessionId, ['ACTIVE'], { state: 'CLOSING' });
      if (!closing) return false;
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
      return true;
    });
    if (!started) return undefined;
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

  /**
   * The studio's `status` about `row`. Its signed answer is bound to our query by the echoed request_uuid
   * (transfer-client.ts); here it must also be about this transfer: its id, its direction and, for a deposit,
   * the amount that left the player. Anything else says nothing about this transfer: it stays in flight.
   */
  private verdictOfStatus(outcome: CallOutcome, row: TransferRow): Verdict {
    if (outcome.kind === 'unknown' || outcome.body.status !== 'RS_OK') return { state: 'UNKNOWN' };
    const { body } = outcome;
    if (body.transfer_id !== row.id) return { state: 'UNKNOWN' };
    // NOT_FOUND is final: the query left a tombstone, so the transfer can never be applied later. The
    // tombstone knows no direction.
    if (body.state === 'NOT_FOUND')
      return body.direction == null ? { state: 'FAILED' } : { state: 'UNKNOWN' };
    if (body.direction !== row.direction) return { state: 'UNKNOWN' };
    if (body.state === 'FAILED') return { state: 'FAILED' };
    if (body.state !== 'COMPLETED') return { state: 'UNKNOWN' };
    if (row.direction === 'IN') {
      return body.amount === row.amount ? { state: 'COMPLETED' } : { state: 'UNKNOWN' };
    }
    const amount = reportedRiel(body.amount);
    if (amount === undefined) return { state: 'UNKNOWN' };
    // The studio repeats the withdraw's summary here (its answer may be the one that was lost); a provider
    // that does not leaves the session's play figures as they were.
    return body.summary === undefined
      ? { state: 'COMPLETED', amount }
      : { state: 'COMPLETED', amount, summary: summaryOf(body.summary) };
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
        // The session follows its transfer only when the transfer moved: a late answer that finds the
        // transfer already resolved (the worker got there first) changes no row and must change nothing.
        if (row.state === 'INITIATED' && (await repo.markUnknown(trx, id, nowMs + RECHECK_DELAYS_MS[0]))) {
          await repo.moveSession(trx, row.session_id, [row.direction === 'IN' ? 'OPENING' : 'CLOSING'], {
            state: 'UNKNOWN',
          });
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

  /**
   * The money follows the transfer's verdict; the session moves only from the states a transfer in flight
   * leaves it in (OPENING or CLOSING, UNKNOWN while unresolved). Nothing else moves a session while its
   * transfer is in flight (the operator's close refuses one), so a session found elsewhere is one the code
   * before decision 0041 left inconsistent: its figures and token are left as they are, for the operator.
   */
  private async settle(trx: Executor, row: TransferRow, verdict: Verdict, nowMs: number): Promise<void> {
    const session = await repo.findSession(trx, row.session_id);
    if (row.direction === 'IN') {
      if (verdict.state === 'COMPLETED') {
        await repo.moveSession(trx, row.session_id, ['OPENING', 'UNKNOWN'], {
          state: 'ACTIVE',
          transfer_in: row.amount,
          last_active_ms: nowMs,
        });
        return;
      }
      // The provider never had it: the money goes back to the player, and the session never opened.
      await this.deps.rg.countWithin(trx, row.player_id, 'REFUND', row.amount, nowMs);
      await this.deps.wallet.transferWithin(trx, {
        idempotencyKey: `xfer:${row.id}:reverse`,
        kind: 'provider_transfer_reversal',
        from: FLOAT,
        to: { playerId: row.player_id },
        amount: row.amount,
        reference: row.id,
      });
      const failed = await repo.moveSession(trx, row.session_id, ['OPENING', 'UNKNOWN'], {
        state: 'FAILED',
        ended_at_ms: nowMs,
      });
      if (failed && session?.token_id != null) await this.deps.tokens.retire(session.token_id, trx);
      return;
    }
    if (verdict.state === 'FAILED') {
      // Nothing came back: the money is still in the game, the session stays open.
      await repo.moveSession(trx, row.session_id, ['CLOSING', 'UNKNOWN'], {
        state: 'ACTIVE',
        last_active_ms: nowMs,
      });
      return;
    }
    const amount = verdict.state === 'COMPLETED' ? (verdict.amount ?? riel(0)) : riel(0);
    if (amount > 0) {
      await this.deps.rg.countWithin(trx, row.player_id, 'TRANSFER_OUT', amount, nowMs);
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
    const closed = await repo.moveSession(trx, row.session_id, ['CLOSING', 'UNKNOWN'], {
      state: 'CLOSED',
      ended_at_ms: nowMs,
      transfer_out: amount,
      ...(summary ? { shots: summary.shots, stake: riel(summary.stake), payout: riel(summary.payout) } : {}),
    });
    if (closed && session?.token_id != null) await this.deps.tokens.retire(session.token_id, trx);
  }
}
