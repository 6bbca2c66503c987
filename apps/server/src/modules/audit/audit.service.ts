import type { Db, Executor } from '../../db/database';
import type { Clock } from '../../platform/clock';
import * as repo from './audit.repository';

export const AUDIT_KINDS = [
  'login',
  'login_failed',
  'login_throttled',
  'logout',
  'session_replaced',
  'password_changed',
  'password_change_failed',
  'player_created',
  'player_flags_changed',
  'deposit',
  'withdraw',
  'maintenance_changed',
  'lotto59_round_voided',
  'lotto59_banner_changed',
  'provider_secret_rotated',
  'lottery_result_set',
  'lottery_draw_voided',
  'provider_transfer_resolved',
  'fishing_session_closed',
  'rg_limit_changed',
  'rg_limit_confirmed',
  'rg_pending_cancelled',
  'rg_break',
  'rg_self_exclusion',
  'rg_reality_check',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export interface AuditEvent {
  kind: AuditKind;
  playerId?: number | null | undefined;
  ip?: string | null | undefined;
  /** Never a password, a session token or an XSRF token. */
  detail?: Record<string, unknown> | undefined;
}

/** The audit log of security events and money movements; written in the same transaction as the act. */
export class AuditService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async record(event: AuditEvent, ex: Executor = this.db): Promise<void> {
    await repo.insertAuditEvent(ex, {
      at_ms: this.clock.nowMs(),
      kind: event.kind,
      player_id: event.playerId ?? null,
      ip: event.ip ?? null,
      detail: event.detail ? JSON.stringify(event.detail) : null,
    });
  }

  list(filter: { playerId?: number; limit: number }) {
    return repo.listAuditEvents(this.db, filter);
  }
}
