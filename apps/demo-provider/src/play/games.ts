import type { DealReply, SpinReply } from '../api/game-api';
import {
  ANGKOR_FORTUNE,
  type BaccaratBet,
  dealCoup,
  evaluateSpin,
  fairWordSource,
  settleRound,
  spinFromStream,
} from '../rules';

/*
 * A round's outcome from the player's fair stream at its nonce (providers.md §6): the only path from seeds to
 * money. The server computes it before the bet is sent (the seeds are fixed, so it cannot depend on the bet's
 * fate) and stores it with the round, so a restart pays exactly what the stream said.
 */

export const GAMES = {
  'angkor-fortune': { provider: '3' },
  baccarat: { provider: '2' },
} as const;
export type DemoGameCode = keyof typeof GAMES;

export interface Seeds {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** What the round stores: the page's reply without round-time fields, and the wallet meta (§8). */
export interface Played<R> {
  reply: R;
  bet: number;
  win: number;
  meta: Record<string, unknown>;
}

type Unbalanced<T> = Omit<T, 'balance'>;

export function playSlot(roundId: string, lineBet: number, seeds: Seeds): Played<Unbalanced<SpinReply>> {
  const stops = spinFromStream(fairWordSource(seeds.serverSeed, seeds.clientSeed, seeds.nonce));
  const spin = evaluateSpin(stops, lineBet, ANGKOR_FORTUNE);
  // Players count lines from 1; the rules index them from 0.
  const lines = spin.lineWins.map((w) => ({
    line: w.lineIndex + 1,
    symbol: w.symbol,
    count: w.count,
    win: w.win,
  }));
  const scatter = { count: spin.scatter.count, win: spin.scatter.win };
  return {
    reply: {
      round_id: roundId,
      nonce: seeds.nonce,
      client_seed: seeds.clientSeed,
      server_seed_hash: seeds.serverSeedHash,
      stops: [...spin.stops],
      window: spin.window.map((column) => [...column]),
      lines,
      scatter,
      total_bet: spin.totalBet,
      win: spin.totalWin,
    },
    bet: spin.totalBet,
    win: spin.totalWin,
    meta: { stops: [...spin.stops], lines, scatter },
  };
}

export function playBaccarat(
  roundId: string,
  bets: readonly BaccaratBet[],
  seeds: Seeds,
): Played<Unbalanced<DealReply>> {
  const coup = dealCoup(fairWordSource(seeds.serverSeed, seeds.clientSeed, seeds.nonce));
  const settled = settleRound(bets, coup);
  const player_cards = coup.player.map((c) => c.id);
  const banker_cards = coup.banker.map((c) => c.id);
  // Deal order P1, B1, P2, B2, then the third cards (player's first when both draw).
  const deal_order: DealReply['deal_order'] = [
    { hand: 'PLAYER', card: player_cards[0]! },
    { hand: 'BANKER', card: banker_cards[0]! },
    { hand: 'PLAYER', card: player_cards[1]! },
    { hand: 'BANKER', card: banker_cards[1]! },
    ...(player_cards[2] === undefined ? [] : [{ hand: 'PLAYER' as const, card: player_cards[2] }]),
    ...(banker_cards[2] === undefined ? [] : [{ hand: 'BANKER' as const, card: banker_cards[2] }]),
  ];
  const betRows = settled.bets.map((b) => ({ type: b.kind, amount: b.amount, payout: b.payout }));
  return {
    reply: {
      round_id: roundId,
      nonce: seeds.nonce,
      client_seed: seeds.clientSeed,
      server_seed_hash: seeds.serverSeedHash,
      deal_order,
      player_cards,
      banker_cards,
      player_score: coup.playerValue,
      banker_score: coup.bankerValue,
      outcome: coup.outcome,
      bets: betRows,
      total_bet: settled.stake,
      win: settled.payout,
    },
    bet: settled.stake,
    win: settled.payout,
    // The field names the casino report reads (contract casino-report.schemas baccaratDetailSchema).
    meta: {
      bets: betRows,
      player_cards,
      banker_cards,
      player_score: coup.playerValue,
      banker_score: coup.bankerValue,
    },
  };
}
