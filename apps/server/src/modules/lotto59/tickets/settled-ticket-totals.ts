import type { TicketFilter } from '@lotto59/domain';
import type { Db } from '../../../db/database';
import type { RoundsService } from '../rounds/rounds.service';
import { countAndSumTickets, type TicketTotals } from './tickets.repository';

/** Players × filters kept at most; past it the memory starts over (each entry is a few numbers). */
const MAX_ENTRIES = 200_000;

/** The oldest active round (only its id splits the totals, by the player-and-round index). */
interface Boundary {
  id: number;
}

/**
 * The all-time totals of a player's ticket list (`total_amount`, `total_payout`, the count), split at the
 * oldest active round B (docs/decisions/0039-reads-prepared-statements-history-total.md): a bet of a round
 * older than B is final (its round is SETTLED or VOID, and neither changes again, jackpot included), so its
 * part of the totals is kept per player and filter and only ever grows by the rounds that became final since;
 * the part from B on (the player's last minutes, found by the player-and-round index) is read every time.
 * Totals are exact at every moment and need no invalidation, across processes too.
 *
 * B is read on the database the totals are read on (a lagging replica has its own, older B: a round it still
 * sees RELEASING is not final there), and reused for a second (`RoundsService.recentOldestActive`): a B older
 * than the truth only moves more bets into the part read every time.
 */
export class SettledTicketTotals {
  private readonly settled = new Map<string, { before: Boundary; totals: TicketTotals }>();

  constructor(private readonly rounds: Pick<RoundsService, 'recentOldestActive'>) {}

  /**
   * The totals of the player's bets of rounds before `liveFromRoundId`; the caller reads the rest, the
   * bets from that round on (or every bet, when it is undefined), with the page it shows.
   */
  async split(
    db: Db,
    playerId: number,
    type: TicketFilter,
  ): Promise<{ settled: TicketTotals; liveFromRoundId: number | undefined }> {
    const boundary = await this.rounds.recentOldestActive(db);
    // No round open or releasing (the scheduler stopped): nothing is split, everything is read.
    if (!boundary) return { settled: { count: 0, amount: 0, payout: 0 }, liveFromRoundId: undefined };
    const key = `${playerId}:${type}`;
    const known = this.settled.get(key);
    let settled: TicketTotals;
    if (known && known.before.id === boundary.id) {
      settled = known.totals;
    } else if (known && known.before.id < boundary.id) {
      // Rounds [known B, B) became final since: add their bets (by the player-and-round index).
      const since = await countAndSumTickets(db, {
        playerId,
        type,
        fromRoundId: known.before.id,
        beforeRoundId: boundary.id,
      });
      settled = addTotals(known.totals, since);
    } else {
      settled = await countAndSumTickets(db, { playerId, type, beforeRoundId: boundary.id });
    }
    // Kept only when it moved forward: a replica's older B never replaces the primary's newer one.
    if (!known || known.before.id <= boundary.id) {
      if (this.settled.size >= MAX_ENTRIES) this.settled.clear();
      this.settled.set(key, { before: boundary, totals: settled });
    }
    return { settled, liveFromRoundId: boundary.id };
  }
}

export function addTotals(a: TicketTotals, b: TicketTotals): TicketTotals {
  return { count: a.count + b.count, amount: a.amount + b.amount, payout: a.payout + b.payout };
}
