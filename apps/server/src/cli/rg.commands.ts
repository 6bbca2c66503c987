import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import {
  EXCLUSION_MONTHS,
  RG_KINDS,
  RG_PERIODS,
  formatDateTime,
  formatRiel,
  isRgLimitAmount,
  type ExclusionMonths,
  type RgKind,
  type RgPeriod,
} from '@lotto59/domain';
import { AppError } from '../errors/app-error';
import type { Services } from '../services';

type Out = (line: string) => void;

function oneOf<T extends string>(values: readonly T[]) {
  return (value: string): T => {
    const upper = value.toUpperCase();
    if ((values as readonly string[]).includes(upper)) return upper as T;
    throw new InvalidArgumentError(`one of ${values.join(', ')}.`);
  };
}

function parseLimitAmount(value: string): number {
  const n = Number(value.replaceAll(',', '').replaceAll('_', ''));
  if (!isRgLimitAmount(n))
    throw new InvalidArgumentError('a whole number of riel from 1,000 to 10,000,000,000.');
  return n;
}

function parseMonths(value: string): ExclusionMonths {
  const n = Number(value);
  if ((EXCLUSION_MONTHS as readonly number[]).includes(n)) return n as ExclusionMonths;
  throw new InvalidArgumentError(`one of ${EXCLUSION_MONTHS.join(', ')}.`);
}

function requireReason(reason: string | undefined): string {
  if (!reason || reason.trim().length < 3) {
    throw new AppError('VALIDATION_FAILED', 'A --reason is required (it is written to the audit log).');
  }
  return reason.trim();
}

const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms));

/**
 * `ops rg …` (responsible-gaming.md §6): a player's limits and state, a limit set or lowered (never
 * raised) with a reason, an exclusion the player cannot lift, and the players on a break or excluded.
 */
export function registerRgCommands(program: Command, services: () => Promise<Services>, out: Out): void {
  const rg = program.command('rg').description("responsible gaming: a player's limits, breaks and exclusion");

  rg.command('show')
    .description(
      "a player's limits with used and remaining, pending changes, break, exclusion, reality check",
    )
    .argument('<username>')
    .action(async (username: string) => {
      const s = await services();
      const p = await s.players.byUsername(username);
      const v = await s.rg.view(p.id);
      out(`player ${p.username} (#${p.id})`);
      out(`break until: ${when(v.break_until)}`);
      out(`excluded until: ${when(v.excluded_until)}`);
      out(`reality check: ${v.reality_check_minutes === 0 ? 'off' : `every ${v.reality_check_minutes} min`}`);
      if (v.limits.length === 0) out('limits: none');
      for (const l of v.limits) {
        const amount = l.amount === null ? 'none' : formatRiel(l.amount);
        const rest = l.remaining === null ? '' : `, remaining ${formatRiel(l.remaining)}`;
        const pending = l.pending
          ? `; pending ${l.pending.amount === null ? 'removal' : formatRiel(l.pending.amount)} from ${when(l.pending.effective_at)}`
          : '';
        out(`${l.kind} ${l.period}: ${amount}, used ${formatRiel(l.used)}${rest}${pending}`);
      }
    });

  rg.command('limit')
    .description('set or lower a limit of a player (never raise one); the reason is audited')
    .argument('<username>')
    .requiredOption('--kind <kind>', RG_KINDS.join(' | '), oneOf(RG_KINDS))
    .requiredOption('--period <period>', RG_PERIODS.join(' | '), oneOf(RG_PERIODS))
    .requiredOption('--amount <riel>', 'the limit, 1,000 to 10,000,000,000', parseLimitAmount)
    .option('--reason <text>', 'why (required; written to the audit log)')
    .action(
      async (username: string, opts: { kind: RgKind; period: RgPeriod; amount: number; reason?: string }) => {
        const reason = requireReason(opts.reason);
        const s = await services();
        const p = await s.players.byUsername(username);
        const v = await s.rg.setLimit(
          p.id,
          { kind: opts.kind, period: opts.period, amount: opts.amount },
          { by: 'operator', reason },
        );
        const l = v.limits.find((x) => x.kind === opts.kind && x.period === opts.period);
        out(`${opts.kind} ${opts.period} limit of ${p.username}: ${formatRiel(l?.amount ?? opts.amount)}`);
      },
    );

  rg.command('exclude')
    .description(
      'exclude a player from play for 6, 12 or 60 months (the player cannot lift it); ends their sessions',
    )
    .argument('<username>')
    .requiredOption('--months <n>', EXCLUSION_MONTHS.join(' | '), parseMonths)
    .option('--reason <text>', 'why (required; written to the audit log)')
    .action(async (username: string, opts: { months: ExclusionMonths; reason?: string }) => {
      const reason = requireReason(opts.reason);
      const s = await services();
      const p = await s.players.byUsername(username);
      const v = await s.rg.exclude(p.id, opts.months, { by: 'operator', reason });
      out(`${p.username} excluded until ${when(v.excluded_until)}`);
    });

  rg.command('list')
    .description('the players on a break or excluded now')
    .action(async () => {
      const s = await services();
      const rows = await s.rg.restricted();
      if (rows.length === 0) out('nobody is on a break or excluded');
      for (const r of rows) {
        out(
          `${r.username} (#${r.player_id}): break until ${when(r.break_until_ms)}, excluded until ${when(r.excluded_until_ms)}`,
        );
      }
    });
}
