import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import {
  LOTTERY_GAME_TYPES,
  formatRiel,
  isoInTimeZone,
  localDateOf,
  lotteryRtpFullTable,
  parseLocalDate,
  riel,
  serverSeedHash,
  type LocalDate,
  type LotteryGameType,
} from '@lotto59/domain';
import { AppError } from '../errors/app-error';
import type { Services } from '../services';

type Out = (line: string) => void;

function parseDate(value: string): LocalDate {
  const parsed = parseLocalDate(value);
  if (!parsed.ok) throw new InvalidArgumentError('a date YYYY-MM-DD.');
  return parsed.value;
}

function parseType(value: string): LotteryGameType {
  const upper = value.toUpperCase();
  if ((LOTTERY_GAME_TYPES as readonly string[]).includes(upper)) return upper as LotteryGameType;
  throw new InvalidArgumentError(`one of ${LOTTERY_GAME_TYPES.join(', ')}.`);
}

/** `G4=53308,29943,…` → { G4: ['53308', '29943', …] }; a line named twice is refused. */
function parseLines(pairs: string[]): Record<string, string[]> {
  const lines: Record<string, string[]> = {};
  for (const pair of pairs) {
    const m = /^([A-Z0-9]+)=([\d,]+)$/.exec(pair.trim());
    if (!m) throw new AppError('VALIDATION_FAILED', `"${pair}" is not <line>=<number>[,<number>…]`);
    if (lines[m[1]!]) throw new AppError('VALIDATION_FAILED', `line ${m[1]!} is given twice`);
    lines[m[1]!] = m[2]!.split(',').filter((n) => n !== '');
  }
  return lines;
}

/**
 * Operator commands of the ticket lottery (`npm run -s ops -- lottery …`): a day's draws, a draw's sheet, a
 * manual result, voiding a draw, the RTP table and the audit of a draw from its revealed seed.
 */
export function registerLotteryCommands(program: Command, services: () => Promise<Services>, out: Out): void {
  const lottery = program
    .command('lottery')
    .description('ticket lottery VN / TN / KH: draws, results, audit');

  lottery
    .command('draws')
    .description("a day's draws (Asia/Phnom_Penh) with their status and seed hash")
    .argument('[date]', 'YYYY-MM-DD; today when absent', parseDate)
    .option('--type <type>', 'VN, TN or KH', parseType)
    .action(async (date: LocalDate | undefined, opts: { type?: LotteryGameType }) => {
      const s = await services();
      const tz = s.lottery.settings.timeZone;
      const day = date ?? localDateOf(Date.now(), tz);
      const draws = await s.lottery.draws.ofDay(day, opts.type);
      out(`draws of ${day}: ${String(draws.length)}`);
      for (const d of draws) {
        out(
          `${String(d.id).padStart(6)}  ${d.code.padEnd(18)} ${isoInTimeZone(d.draw_at_ms, tz).slice(11, 16)} cut-off ${isoInTimeZone(d.cutoff_at_ms, tz).slice(11, 19)}  ${d.status.padEnd(7)} ${d.source.padEnd(6)} ${d.server_seed_hash ?? '-'}`,
        );
      }
    });

  lottery
    .command('sheet')
    .description("a draw's stored sheet, line by line")
    .argument('<draw>', 'the draw id or code')
    .action(async (ref: string) => {
      const s = await services();
      const draw = await s.lottery.draws.byRef(ref);
      out(`${draw.code} (${draw.layout}, ${draw.status}, ${draw.source})`);
      const result = await s.lottery.draws.result(draw.id);
      if (result.lines.length === 0) {
        out('no sheet yet');
        return;
      }
      for (const line of result.lines) {
        out(
          `${line.code.padEnd(3)} ${String(line.index).padStart(2)}  ${line.number}${line.post ? `  post ${line.post}` : ''}`,
        );
      }
    });

  const result = lottery.command('result').description("the operator's result for a draw");
  result
    .command('set')
    .description(
      'store the sheet of a draw by hand (after its cut-off): every line, e.g. G8=14 G6=7242,6017,3864',
    )
    .argument('<draw>', 'the draw id or code')
    .argument('<lines...>', '<line>=<number>[,<number>…] for every line of the layout')
    .action(async (ref: string, pairs: string[]) => {
      const s = await services();
      const draw = await s.lottery.draws.setManual(ref, parseLines(pairs));
      await s.audit.record({ kind: 'lottery_result_set', detail: { draw: draw.code, sheet: draw.sheet } });
      out(`${draw.code} is DRAWN with the operator's sheet; the worker settles it on its next pass`);
    });

  lottery
    .command('void')
    .description('void a draw that is not settled: every live item is refunded once and shows VOID')
    .argument('<draw>', 'the draw id or code')
    .action(async (ref: string) => {
      const s = await services();
      const draw = await s.lottery.draws.byRef(ref);
      const r = await s.lottery.settlement.voidDraw(draw.id);
      await s.audit.record({ kind: 'lottery_draw_voided', detail: { draw: draw.code, ...r } });
      out(
        `${draw.code} is void: ${String(r.items)} items of ${String(r.tickets)} tickets refunded (${formatRiel(riel(r.refundedRiel))})`,
      );
    });

  lottery
    .command('rtp')
    .description(
      'the exact return of 2D and 3D at the configured prices, at every rate of the lottery.md §4 table and the configured one',
    )
    .action(async () => {
      const s = await services();
      out('bet   price   rate   return');
      for (const row of lotteryRtpFullTable(s.lottery.settings.pricing)) {
        const exact = `${row.rtp.numerator.toString()}/${row.rtp.denominator.toString()}`;
        const configured = row.configured ? '  configured' : '';
        const warn = row.rtp.numerator >= row.rtp.denominator ? '  WARNING: pays out 100 % or more' : '';
        out(
          `${row.betType.padEnd(5)} ${String(row.price).padStart(5)}   ${String(row.rate).padStart(3)}%   ${row.exact ? '' : '≈'}${row.percent} % (${exact})${configured}${warn}`,
        );
      }
    });

  lottery
    .command('verify')
    .description('recompute an engine draw from its revealed seed and compare with the stored hash and sheet')
    .argument('<draw>', 'the draw id or code')
    .action(async (ref: string) => {
      const s = await services();
      const { draw, recomputed, matches } = await s.lottery.draws.verify(ref);
      const hashOk = serverSeedHash(draw.server_seed!) === draw.server_seed_hash;
      out(`${draw.code} (draw ${String(draw.id)}, ${draw.layout}, ${draw.status})`);
      out(`seed    ${draw.server_seed!}`);
      out(`hash    ${draw.server_seed_hash ?? '-'} ${hashOk ? 'OK' : 'MISMATCH'}`);
      out(`derived ${recomputed.map((l) => `${l.code}=${l.number}`).join(' ')}`);
      out(`sheet   ${matches ? 'OK' : 'MISMATCH'}`);
      if (!hashOk || !matches) throw new AppError('INTERNAL', `${draw.code} does NOT verify`);
      out('verified');
    });
}
