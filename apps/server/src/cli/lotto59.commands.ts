import { InvalidArgumentError, type Command } from 'commander';
import {
  drawNumbers,
  formatRiel,
  jackpotFixedReturn,
  jackpotOdds,
  riel,
  rtpTable,
  serverSeedHash,
} from '@lotto59/domain';
import { AppError } from '../errors/app-error';
import type { Services } from '../services';

type Out = (line: string) => void;

function parseRoundId(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError('a round id (a positive whole number).');
  return n;
}

const percent = (x: number) => `${(x * 100).toFixed(3)} %`;

/**
 * Operator commands of lotto 59 (`npm run -s ops -- lotto59 …`, `banner …`): the RTP table, the audit
 * of a round from its revealed seed, voiding a round, the winners-banner message.
 */
export function registerLotto59Commands(program: Command, services: () => Promise<Services>, out: Out): void {
  const lotto = program
    .command('lotto59')
    .description('lotto 59: return to player, draw audit, void a round');

  lotto
    .command('rtp')
    .description('the exact return of every bet type with the configured rates (warns above 100 %)')
    .action(async () => {
      const { lotto59 } = await services();
      const { rates, jackpot } = lotto59.settings;
      out('type      rate     win probability   return');
      let overpaying = 0;
      for (const row of rtpTable(rates)) {
        const warn = row.rtp > 1 ? '  WARNING: pays out more than it takes' : '';
        if (row.rtp > 1) overpaying += 1;
        out(
          `${row.type.padEnd(9)} ${(row.rateHundredths / 100).toFixed(2).padStart(6)}   ${row.probability.toFixed(9).padStart(15)}   ${percent(row.rtp).padStart(9)}${warn}`,
        );
      }
      const odds = jackpotOdds()
        .map((o) => `${o.matches} of 5: 1 in ${(1 / o.probability).toFixed(1)}`)
        .join(', ');
      out(
        `JACKPOT   fixed tiers (${jackpot.tier3Multiplier}× / ${jackpot.tier2Multiplier}×) return ${percent(jackpotFixedReturn(jackpot))} + the pool (${jackpot.poolSharePercent} % of stakes); ${odds}`,
      );
      if (overpaying > 0) out(`WARNING: ${overpaying} bet type(s) return more than 100 %.`);
    });

  lotto
    .command('verify')
    .description('re-derive a revealed round from its seed and compare with the stored hash and numbers')
    .argument('<round-id>', 'the round (result_id)', parseRoundId)
    .action(async (roundId: number) => {
      const { lotto59 } = await services();
      const round = await lotto59.rounds.byId(roundId);
      const record = lotto59.rounds.view(round);
      if (record.server_seed === null || round.numbers === null) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Round ${roundId} is ${round.status}: its seed is not revealed yet.`,
        );
      }
      const hashOk = serverSeedHash(round.server_seed) === round.server_seed_hash;
      const derived = drawNumbers(round.server_seed, round.id);
      const numbersOk = derived.join(',') === round.numbers;
      out(`round ${round.id} (${round.poll}, ${round.status})`);
      out(`seed      ${round.server_seed}`);
      out(`hash      ${round.server_seed_hash} ${hashOk ? 'OK' : 'MISMATCH'}`);
      out(`numbers   ${round.numbers.replaceAll(',', ' ')}`);
      out(`derived   ${derived.join(' ')} ${numbersOk ? 'OK' : 'MISMATCH'}`);
      if (!hashOk || !numbersOk) throw new AppError('INTERNAL', `round ${round.id} does NOT verify`);
      out('verified');
    });

  lotto
    .command('void')
    .description('void a round that is not settled: every stake goes back once, its bets become VOID')
    .argument('<round-id>', 'the round (result_id)', parseRoundId)
    .action(async (roundId: number) => {
      const s = await services();
      const r = await s.lotto59.settlement.voidRound(roundId);
      await s.audit.record({ kind: 'lotto59_round_voided', detail: { roundId, ...r } });
      out(
        `round ${roundId} is void: ${r.bets} bets, ${r.submissions} submissions refunded (${formatRiel(riel(r.refundedRiel))})`,
      );
    });

  program
    .command('banner')
    .description('set the message of the winners banner (GET /api/v1/jackpot/winner), or clear it')
    .argument('[message]', 'the text players see')
    .option('--clear', 'remove the message')
    .action(async (message: string | undefined, opts: { clear?: boolean }) => {
      if (!opts.clear && !message?.trim())
        throw new AppError('VALIDATION_FAILED', 'Give a message, or --clear.');
      const s = await services();
      const text = opts.clear ? null : message!.trim().slice(0, 500);
      await s.lotto59.jackpot.setBanner(text);
      await s.audit.record({ kind: 'lotto59_banner_changed', detail: { message: text } });
      out(text === null ? 'banner cleared' : `banner: ${text}`);
    });
}
