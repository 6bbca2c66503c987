import type {
  PrintQuery,
  PrintTicket,
  TicketBadge,
  TicketList,
  TicketListQuery,
  TicketSearchResult,
} from '@lotto59/contract';
import type { Db } from '../../../db/database';
import type { ReadDb } from '../../../db/read-db';
import { AppError, validationError } from '../../../errors/app-error';
import type { PlayersService } from '../../players/players.service';
import { toBetRecord } from '../bets/bet-record';
import { localDateRange, pageMeta } from '../../../http/list-query';
import { iso } from '../rounds/round-view';
import type { RoundsService } from '../rounds/rounds.service';
import { addTotals, type SettledTicketTotals } from './settled-ticket-totals';
import * as repo from './tickets.repository';

/**
 * The caller's own tickets: list, badge, lookup by id, printable group. Another player's bet or group
 * answers 404 exactly like one that does not exist.
 */
export class TicketsService {
  constructor(
    private readonly db: Db,
    private readonly rounds: RoundsService,
    private readonly players: PlayersService,
    private readonly timeZone: string,
    /** Where the list reads (a replica unless the player wrote lately); the rest reads the primary. */
    private readonly reads: ReadDb,
    /** The all-time totals of a list without dates, kept for its final part (settled-ticket-totals.ts). */
    private readonly settledTotals: SettledTicketTotals,
  ) {}

  async list(playerId: number, query: TicketListQuery): Promise<TicketList> {
    const range = localDateRange(query.from, query.to, this.timeZone);
    const filter = { playerId, type: query.type, roundId: query.result_id, ...range };
    const db = await this.reads.forPlayer(playerId);
    // The default list has no dates: its totals run over the player's whole history, most of it final
    // and kept (settled-ticket-totals.ts); only the rest is read, with the page.
    const allTime = range.fromMs === undefined && range.toMs === undefined && query.result_id === undefined;
    const split = allTime
      ? await this.settledTotals.split(db, playerId, query.type)
      : { settled: undefined, liveFromRoundId: undefined };
    const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
    const { rows, totals: read } = await repo.pageAndTotals(
      db,
      filter,
      { ...filter, fromRoundId: split.liveFromRoundId },
      page,
    );
    const totals = split.settled ? addTotals(split.settled, read) : read;
    return {
      items: rows.map(toBetRecord),
      meta: pageMeta(query.page, query.per_page, totals.count),
      total_amount: totals.amount,
      total_payout: totals.payout,
    };
  }

  async badge(playerId: number): Promise<TicketBadge> {
    // Up to a second old, so never newer than the truth: counting from an older round is still exact.
    const oldest = await this.rounds.recentOldestActive();
    if (oldest === null) return { outstanding: 0 };
    return { outstanding: await repo.countOutstanding(this.db, playerId, oldest) };
  }

  async search(playerId: number, betId: number): Promise<TicketSearchResult> {
    const bet = await repo.findBetOfPlayer(this.db, playerId, betId);
    if (!bet) throw new AppError('NOT_FOUND', 'Ticket not found.');
    const round = await this.rounds.byId(bet.round_id);
    return { bet: toBetRecord(bet), round: this.rounds.view(round) };
  }

  /** The data of a printable ticket: a whole submission, by its group id or by one of its bet ids. */
  async print(playerId: number, query: PrintQuery): Promise<PrintTicket> {
    let groupId = query.group_id;
    if (groupId === undefined && query.id !== undefined) {
      groupId = (await repo.findBetOfPlayer(this.db, playerId, query.id))?.group_id;
      if (groupId === undefined) throw new AppError('NOT_FOUND', 'Ticket not found.');
    }
    if (groupId === undefined) throw validationError({ group_id: ['Give a group_id or an id.'] });
    const bets = await repo.betsOfPlayerGroup(this.db, playerId, groupId);
    const first = bets[0];
    if (!first) throw new AppError('NOT_FOUND', 'Ticket not found.');
    const [round, player] = await Promise.all([
      this.rounds.byId(first.round_id),
      this.players.byId(playerId),
    ]);
    return {
      group_id: groupId,
      result_id: first.round_id,
      poll: first.poll,
      player: player.username,
      created_at: iso(first.created_at_ms),
      bets: bets.map(toBetRecord),
      total_amount: bets.reduce((sum, b) => sum + b.amount, 0),
      round: this.rounds.view(round),
    };
  }
}
