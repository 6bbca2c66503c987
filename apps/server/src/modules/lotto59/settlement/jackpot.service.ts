import type { JackpotWinners } from '@lotto59/contract';
import { jackpotMatches, type JackpotRules, jackpotTierOf, payoutOf, riel } from '@lotto59/domain';
import type { Db, Executor } from '../../../db/database';
import type { RgGuard } from '../../responsible-gaming/responsible-gaming.public';
import type { SettingsService } from '../../settings/settings.service';
import type { WalletService } from '../../wallet/wallet.public';
import * as jackpotRepo from './jackpot.repository';
import { iso } from '../rounds/round-view';
import * as repo from './settlement.repository';

const BANNER_KEY = 'lotto59.banner';

export interface JackpotWinner {
  betId: number;
  playerId: number;
  tier: 1 | 2;
  amount: number;
}

/**
 * The progressive jackpot: the pool is the ledger's `jackpot` account. It is seeded once from the house,
 * fed a share of each round's jackpot stakes, split evenly between a round's tier-1 lines, and topped up
 * back to its seed amount by the house after a tier-1 win.
 */
export class JackpotService {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly settings: SettingsService,
    private readonly rules: JackpotRules,
    private readonly rg: RgGuard,
  ) {}

  /** The first seed of the pool; the key makes every later call a no-op. */
  async ensurePoolSeeded(): Promise<void> {
    await this.wallet.transfer({
      idempotencyKey: 'jackpot-seed:initial',
      kind: 'jackpot_seed',
      from: { system: 'house' },
      to: { system: 'jackpot' },
      amount: riel(this.rules.poolSeedRiel),
    });
  }

  pool(ex: Executor = this.db): Promise<number> {
    return this.wallet.systemBalance('jackpot', ex);
  }

  /**
   * Settles the round's jackpot lines inside the settlement transaction: results written per group of
   * equal results, the pool fed, tier-1 shares paid from the pool (one transfer per line, key
   * `jackpot-win:<bet id>`), the pool topped up, winners recorded. Fixed wins (tiers 2 and 3) are left to
   * the house payout of the round. Returns the winners and the balances after pool payments.
   */
  async settleLines(trx: Executor, roundId: number, numbers: readonly number[], nowMs: number) {
    await this.feedPool(trx, roundId);
    const lines = await repo.pendingJackpotLines(trx, roundId);
    const results = lines.map((line) => {
      const matches = jackpotMatches(line.numbers!.split(',').map(Number), numbers);
      return { line, matches, tier: jackpotTierOf(matches) };
    });
    const tier1 = results.filter((r) => r.tier === 1);
    const poolRiel = tier1.length > 0 ? await this.pool(trx) : 0;
    const shareRiel = tier1.length > 0 ? Math.floor(Math.max(0, poolRiel) / tier1.length) : 0;

    const groups = new Map<string, { ids: number[]; result: repo.JackpotLineResult }>();
    for (const r of results) {
      const payout =
        r.tier === 1
          ? shareRiel
          : r.tier === null
            ? 0
            : payoutOf(
                r.line.amount,
                100 * (r.tier === 2 ? this.rules.tier2Multiplier : this.rules.tier3Multiplier),
              );
      const result: repo.JackpotLineResult = {
        status: r.tier === null ? 'LOST' : 'WON',
        matches: r.matches,
        tier: r.tier,
        payout,
      };
      const key = JSON.stringify(result);
      const group = groups.get(key) ?? { ids: [], result };
      group.ids.push(r.line.id);
      groups.set(key, group);
    }
    for (const g of groups.values()) await repo.settleJackpotLines(trx, g.ids, g.result, nowMs);

    const balances = new Map<number, number>();
    // Responsible gaming counts the pool's shares as payouts, as the house's wins are (settlement.service.ts):
    // never refused, counted before the credits (rg rows before accounts). Uncounted, a jackpot winner's loss
    // limit would still hold the stake of the line that won.
    if (shareRiel > 0) {
      await this.rg.countManyWithin(
        trx,
        'LOTTO59_WIN',
        tier1.map((r) => ({ playerId: r.line.player_id, amount: shareRiel })),
        nowMs,
      );
    }
    for (const r of tier1) {
      if (shareRiel === 0) break;
      const receipt = await this.wallet.transferWithin(trx, {
        idempotencyKey: `jackpot-win:${r.line.id}`,
        kind: 'jackpot_win',
        from: { system: 'jackpot' },
        to: { playerId: r.line.player_id },
        amount: riel(shareRiel),
        reference: `lotto59-round:${roundId}`,
      });
      balances.set(r.line.player_id, receipt.toBalanceAfter);
    }
    if (tier1.length > 0) await this.topUpPool(trx, roundId, poolRiel - shareRiel * tier1.length);

    const winners: JackpotWinner[] = results
      .filter((r) => r.tier === 1 || r.tier === 2)
      .map((r) => ({
        betId: r.line.id,
        playerId: r.line.player_id,
        tier: r.tier as 1 | 2,
        amount: r.tier === 1 ? shareRiel : payoutOf(r.line.amount, 100 * this.rules.tier2Multiplier),
      }));
    await repo.insertJackpotWinners(
      trx,
      winners.map((w) => ({
        round_id: roundId,
        bet_id: w.betId,
        player_id: w.playerId,
        tier: w.tier,
        amount: riel(w.amount),
        created_at_ms: nowMs,
      })),
    );
    return { winners, balances };
  }

  private async feedPool(trx: Executor, roundId: number): Promise<void> {
    const stakes = await repo.jackpotStakesOfRound(trx, roundId);
    const share = Math.floor((stakes * this.rules.poolSharePercent) / 100);
    if (share <= 0) return;
    await this.wallet.transferWithin(trx, {
      idempotencyKey: `jackpot-feed:${roundId}`,
      kind: 'jackpot_feed',
      from: { system: 'house' },
      to: { system: 'jackpot' },
      amount: riel(share),
      reference: `lotto59-round:${roundId}`,
    });
  }

  private async topUpPool(trx: Executor, roundId: number, remainingRiel: number): Promise<void> {
    const topUp = this.rules.poolSeedRiel - remainingRiel;
    if (topUp <= 0) return;
    await this.wallet.transferWithin(trx, {
      idempotencyKey: `jackpot-reseed:${roundId}`,
      kind: 'jackpot_seed',
      from: { system: 'house' },
      to: { system: 'jackpot' },
      amount: riel(topUp),
      reference: `lotto59-round:${roundId}`,
    });
  }

  /** `GET /api/v1/jackpot/winner`: the latest tier 1–2 winners, the banner message and the pool. */
  async winners(limit = 20): Promise<JackpotWinners> {
    const [rows, message, pool] = await Promise.all([
      jackpotRepo.latestWinners(this.db, limit),
      this.banner(),
      this.pool(),
    ]);
    return {
      winners: rows.map((w) => ({
        bet_id: w.bet_id,
        diff: w.tier,
        price: w.amount,
        result_id: w.round_id,
        created_at: iso(w.created_at_ms),
      })),
      message,
      pool,
    };
  }

  async banner(): Promise<string | null> {
    const value = await this.settings.read(BANNER_KEY);
    return value ? value : null;
  }

  /** The operator's winners-banner message; null clears it. */
  async setBanner(message: string | null): Promise<void> {
    await this.settings.write(BANNER_KEY, message ?? '');
  }
}
