import {
  RG_KINDS,
  RG_PERIODS,
  RG_COOLING_OFF_HOURS_DEFAULT,
  rgBreakUntil,
  rgChangeOf,
  rgExclusionUntil,
  rgPendingStatus,
  rgPeriodRange,
  rgRemaining,
  rgUsed,
  riel,
  type BreakDays,
  type ExclusionMonths,
  type RealityCheckMinutes,
  type RgKind,
  type RgPeriod,
} from '@lotto59/domain';
import type { Db, Executor } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../platform/clock';
import type { AuditService } from '../audit/audit.service';
import { findRgRow } from './rg.counters.repository';
import * as repo from './rg.repository';
import { limitAmountOf, usageOf, type RgRow } from './rg-state';

export interface RgLimitView {
  kind: RgKind;
  period: RgPeriod;
  amount: number | null;
  used: number;
  remaining: number | null;
  resets_at: number;
  pending: { amount: number | null; effective_at: number; confirm_by: number } | null;
}

export interface RgView {
  limits: RgLimitView[];
  break_until: number | null;
  excluded_until: number | null;
  reality_check_minutes: number;
}

/** Who changed something: the player (through the API) or the operator (through `ops`, with a reason). */
export type RgActor = { by: 'player'; ip?: string | null } | { by: 'operator'; reason: string };

/**
 * The player's and the operator's side of responsible gaming (spec §1, §4, §6): limits and their pending
 * raises, breaks, self-exclusion, the reality check. Each change is a conditional update in a transaction,
 * written to the audit log with its before and after in the same transaction.
 */
export class RgService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly options: { coolingOffHours?: number | undefined } = {},
  ) {}

  async view(playerId: number, ex: Executor = this.db): Promise<RgView> {
    const nowMs = this.clock.nowMs();
    const [row, pending] = await Promise.all([findRgRow(ex, playerId), repo.findPending(ex, playerId)]);
    const limits: RgLimitView[] = [];
    for (const kind of RG_KINDS) {
      for (const period of RG_PERIODS) {
        const amount = limitAmountOf(row, kind, period);
        const p = pending.find(
          (x) =>
            x.kind === kind &&
            x.period === period &&
            rgPendingStatus({ effectiveAtMs: x.effective_at_ms, confirmByMs: x.confirm_by_ms }, nowMs) !==
              'LAPSED',
        );
        if (amount === null && !p) continue;
        const used = rgUsed(kind, usageOf(row, period, nowMs));
        limits.push({
          kind,
          period,
          amount,
          used,
          remaining: amount === null ? null : rgRemaining(amount, used),
          resets_at: rgPeriodRange(period, nowMs).endMs,
          pending: p
            ? { amount: p.amount, effective_at: p.effective_at_ms, confirm_by: p.confirm_by_ms }
            : null,
        });
      }
    }
    const active = (until: number | null | undefined) => (until != null && until > nowMs ? until : null);
    return {
      limits,
      break_until: active(row?.break_until_ms),
      excluded_until: active(row?.excluded_until_ms),
      reality_check_minutes: row?.reality_check_minutes ?? 0,
    };
  }

  netPlaySince(playerId: number, fromMs: number): Promise<number> {
    return repo.netPlaySince(this.db, playerId, fromMs);
  }

  /** A new limit, a decrease (at once) or a raise or removal (pending); the operator may only set or lower. */
  async setLimit(
    playerId: number,
    input: { kind: RgKind; period: RgPeriod; amount: number | null },
    actor: RgActor,
  ): Promise<RgView> {
    const nowMs = this.clock.nowMs();
    const amount = input.amount === null ? null : riel(input.amount);
    await this.db.transaction().execute(async (trx) => {
      await repo.ensureRow(trx, playerId, nowMs);
      const row = (await findRgRow(trx, playerId)) as RgRow;
      const current = limitAmountOf(row, input.kind, input.period);
      const change = rgChangeOf(
        current,
        amount,
        nowMs,
        this.options.coolingOffHours ?? RG_COOLING_OFF_HOURS_DEFAULT,
      );
      if (actor.by === 'operator' && change.effect === 'PENDING') {
        throw new AppError('FORBIDDEN', 'The operator may only set or lower a limit.');
      }
      const before = { amount: current };
      if (change.effect === 'AT_ONCE') {
        if (current !== change.amount) {
          if (!(await repo.setLimitIf(trx, playerId, input.kind, input.period, current, amount, nowMs))) {
            throw new AppError('BUSY', 'The limit changed meanwhile. Please try again.');
          }
        }
        // A decrease replaces a pending raise of the same limit.
        await repo.deletePending(trx, playerId, input.kind, input.period);
      } else {
        const pending = (await repo.findPending(trx, playerId)).find(
          (p) => p.kind === input.kind && p.period === input.period,
        );
        // The same request again keeps its date (idempotent); another one replaces it.
        const same =
          pending?.amount === amount &&
          rgPendingStatus(
            { effectiveAtMs: pending.effective_at_ms, confirmByMs: pending.confirm_by_ms },
            nowMs,
          ) !== 'LAPSED';
        if (!same) {
          await repo.upsertPending(trx, {
            player_id: playerId,
            kind: input.kind,
            period: input.period,
            amount,
            effective_at_ms: change.effectiveAtMs,
            confirm_by_ms: change.confirmByMs,
            created_at_ms: nowMs,
          });
        }
      }
      await this.audit.record(
        {
          kind: 'rg_limit_changed',
          playerId,
          ip: actor.by === 'player' ? actor.ip : null,
          detail: {
            kind: input.kind,
            period: input.period,
            before,
            after:
              change.effect === 'AT_ONCE'
                ? { amount: change.amount }
                : { pending: amount, effective_at: change.effectiveAtMs },
            ...(actor.by === 'operator' ? { by: 'operator', reason: actor.reason } : {}),
          },
        },
        trx,
      );
    });
    return this.view(playerId);
  }

  /** Confirms a pending change whose date has passed: 409 NOT_YET before it, 404 without one. */
  async confirm(
    playerId: number,
    input: { kind: RgKind; period: RgPeriod },
    ip?: string | null,
  ): Promise<RgView> {
    const nowMs = this.clock.nowMs();
    await this.db.transaction().execute(async (trx) => {
      const pending = (await repo.findPending(trx, playerId)).find(
        (p) => p.kind === input.kind && p.period === input.period,
      );
      const status = pending
        ? rgPendingStatus(
            { effectiveAtMs: pending.effective_at_ms, confirmByMs: pending.confirm_by_ms },
            nowMs,
          )
        : 'LAPSED';
      if (!pending || status === 'LAPSED')
        throw new AppError('NOT_FOUND', 'There is no change waiting to be confirmed.');
      if (status === 'WAITING') {
        throw new AppError('NOT_YET', undefined, { details: { until: pending.effective_at_ms } });
      }
      const row = await findRgRow(trx, playerId);
      const current = limitAmountOf(row, input.kind, input.period);
      const deleted = await repo.deletePending(
        trx,
        playerId,
        input.kind,
        input.period,
        pending.effective_at_ms,
      );
      const set = await repo.setLimitIf(
        trx,
        playerId,
        input.kind,
        input.period,
        current,
        pending.amount,
        nowMs,
      );
      if (!deleted || !set) throw new AppError('BUSY', 'The limit changed meanwhile. Please try again.');
      await this.audit.record(
        {
          kind: 'rg_limit_confirmed',
          playerId,
          ip: ip ?? null,
          detail: {
            kind: input.kind,
            period: input.period,
            before: { amount: current },
            after: { amount: pending.amount },
          },
        },
        trx,
      );
    });
    return this.view(playerId);
  }

  async cancelPending(playerId: number, input: { kind: RgKind; period: RgPeriod }, ip?: string | null) {
    await this.db.transaction().execute(async (trx) => {
      if (await repo.deletePending(trx, playerId, input.kind, input.period)) {
        await this.audit.record(
          { kind: 'rg_pending_cancelled', playerId, ip: ip ?? null, detail: input },
          trx,
        );
      }
    });
    return this.view(playerId);
  }

  async takeBreak(playerId: number, days: BreakDays, ip?: string | null): Promise<RgView> {
    const nowMs = this.clock.nowMs();
    await this.db.transaction().execute(async (trx) => {
      await repo.ensureRow(trx, playerId, nowMs);
      const before = (await findRgRow(trx, playerId))?.break_until_ms ?? null;
      const until = rgBreakUntil(nowMs, days, before);
      if (await repo.extendUntil(trx, playerId, 'break_until_ms', until, nowMs)) {
        await this.audit.record(
          { kind: 'rg_break', playerId, ip: ip ?? null, detail: { days, before, after: until } },
          trx,
        );
      }
    });
    return this.view(playerId);
  }

  private endSessions: (<T>(playerId: number, work: (trx: Executor) => Promise<T>) => Promise<T>) | undefined;

  /** How every session of a player ends in a transaction of its own work (auth's, filled in by services.ts). */
  useSessionEnder(end: <T>(playerId: number, work: (trx: Executor) => Promise<T>) => Promise<T>): void {
    this.endSessions = end;
  }

  /** A self-exclusion (the player's or the operator's): every session of the player ends in its transaction. */
  async exclude(playerId: number, months: ExclusionMonths, actor: RgActor): Promise<RgView> {
    const nowMs = this.clock.nowMs();
    const inTransaction =
      this.endSessions ??
      (<T>(_playerId: number, work: (trx: Executor) => Promise<T>) => this.db.transaction().execute(work));
    await inTransaction(playerId, async (trx) => {
      await repo.ensureRow(trx, playerId, nowMs);
      const before = (await findRgRow(trx, playerId))?.excluded_until_ms ?? null;
      const until = rgExclusionUntil(nowMs, months, before);
      if (await repo.extendUntil(trx, playerId, 'excluded_until_ms', until, nowMs)) {
        await this.audit.record(
          {
            kind: 'rg_self_exclusion',
            playerId,
            ip: actor.by === 'player' ? (actor.ip ?? null) : null,
            detail: {
              months,
              before,
              after: until,
              ...(actor.by === 'operator' ? { by: 'operator', reason: actor.reason } : {}),
            },
          },
          trx,
        );
      }
    });
    return this.view(playerId);
  }

  async setRealityCheck(playerId: number, minutes: RealityCheckMinutes, ip?: string | null): Promise<RgView> {
    const nowMs = this.clock.nowMs();
    await this.db.transaction().execute(async (trx) => {
      await repo.ensureRow(trx, playerId, nowMs);
      const before = (await findRgRow(trx, playerId))?.reality_check_minutes ?? 0;
      if (before === minutes) return;
      await repo.setRealityCheck(trx, playerId, minutes, nowMs);
      await this.audit.record(
        { kind: 'rg_reality_check', playerId, ip: ip ?? null, detail: { before, after: minutes } },
        trx,
      );
    });
    return this.view(playerId);
  }

  /** Players on a break or excluded now (the operator's list). */
  restricted() {
    return repo.listRestricted(this.db, this.clock.nowMs());
  }

  /** Whether a self-exclusion is in force (login refuses it). */
  async assertNotExcluded(playerId: number): Promise<void> {
    const row = await findRgRow(this.db, playerId);
    const until = row?.excluded_until_ms ?? null;
    if (until !== null && until > this.clock.nowMs()) {
      throw new AppError('SELF_EXCLUDED', undefined, { details: { until } });
    }
  }
}
