import {
  DRAW_SIZE,
  POOLS,
  drawNumbers,
  overUnderTypeOf,
  rangeTypeOf,
  serverSeedHash,
  totalOf,
  type Pool,
} from '@lotto59/domain';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Lotto59Settings } from '../src/modules/lotto59/lotto59.settings';
import { formatNumbers, releaseScheduleOf } from '../src/modules/lotto59/rounds/round-view';

/*
 * THE lotto 59 history generator of the reads benchmark (reads.bench.ts), in one place so that it can
 * follow the schema: what it writes is what the app would have written after `days` of play.
 *
 * - `players` players (ids 1..P), each with a wallet account (balance 0: the accounts' balances are not
 *   kept with the transfers below, so this database's ledger does not reconcile; no read under test uses it).
 * - The ledger's transfers of that play, for the statement (`GET /api/statement`, decision 0049): one
 *   `bet_stake` per submission (player → house, its key the one placement writes, so the statement names its
 *   ticket), and one `bet_payout` per player and settled round won (house → player, at the round's
 *   settlement), as settlement writes them. Balances after are not tracked (0).
 * - Rounds of both pools back to back over `days` up to now, as the scheduler lays them out (the next
 *   round opens when the last closes): numbers drawn from each round's own seed (drawNumbers), so every
 *   round verifies. Rounds whose release is over are SETTLED; the ones closed less than a release ago
 *   are RELEASING (drawn, not settled); the last of each pool is OPEN.
 * - Submissions (lotto59_bet_groups, one per POST /api/bet) of 3 bets each, evenly spread in time over
 *   the whole span and inserted in time order (ids grow with time, as placement makes them). The player of
 *   a submission is 1 + ⌊P·u^1.5⌋ (u uniform): a skewed, realistic spread (at 10⁷ bets the median player
 *   has ≈ 80 bets, the heaviest ≈ 4,600; 30 % of the players play POLL_1, the rest POLL_2).
 * - Bets: 30 % over/under, 30 % RANGE_1..5, 40 % NUMBER (a post and a ball), stakes 500..5,000 ៛. A bet
 *   of a SETTLED round carries what settlement writes today (status WON/LOST, payout = stake × rate / 100,
 *   settled_at_ms), decided by the same rule as settleRatedBets from the round's drawn numbers; the bets
 *   of RELEASING and OPEN rounds are PENDING. So the rows are valid whether status and payout are read
 *   from the bet (today) or derived from the round (a design under way: then the stored status and payout
 *   of settled rounds are simply the derived ones). No jackpot lines.
 *
 * Everything is set-based SQL from generate_series (no row-by-row inserts); the pseudo-random choices are
 * hashes of the row number (hashint8extended), so a size always gives the same data. Foreign-key
 * triggers are skipped while filling (session_replication_role = replica; the rows are consistent by
 * construction), the indexes are maintained as placement maintains them, and VACUUM ANALYZE runs at the
 * end as autovacuum would have over a month.
 */

export interface HistoryShape {
  bets: number;
  players: number;
  days: number;
  nowMs: number;
  /** Stored for every player: the hash of the one password all bench players share. */
  passwordHash: string;
}

export interface HistoryFigures {
  rounds: number;
  submissions: number;
  /** Wall time of each step, ms. */
  stepsMs: Record<string, number>;
  /** On-disk sizes after VACUUM, bytes: the bets table alone and its indexes, the groups with theirs. */
  bytes: { betsHeap: number; betsIndexes: number; groups: number; rounds: number };
}

const BETS_PER_SUBMISSION = 3;

/** Fills an empty, migrated database (the players, rounds and lotto 59 tables must be empty). */
export async function fillLotto59History(
  databaseUrl: string,
  shape: HistoryShape,
  settings: Lotto59Settings,
): Promise<HistoryFigures> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const stepsMs: Record<string, number> = {};
  const step = async (name: string, work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    stepsMs[name] = performance.now() - t0;
  };
  try {
    await client.query(`set work_mem = '64MB'`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    // Skips the foreign-key triggers while filling (superuser only; without it the checks just run).
    await client.query(`set session_replication_role = replica`).catch(() => undefined);
    const startMs = shape.nowMs - shape.days * 86_400_000;
    await step('players', () => insertPlayers(client, shape));
    let rounds = 0;
    await step('rounds', async () => {
      rounds = await insertRounds(client, startMs, shape.nowMs, settings);
    });
    const submissions = Math.ceil(shape.bets / BETS_PER_SUBMISSION);
    const q = new HistorySql(shape, startMs, submissions, settings);
    await step('groups', () => client.query(q.groups()));
    await step('bets', () => client.query(q.bets()));
    await step('transfers', () => insertTransfers(client));
    await client.query(`drop table bench_round_slots`);
    for (const [table, id] of [
      ['players', 'id'],
      ['lotto59_rounds', 'id'],
      ['lotto59_bet_groups', 'id'],
      ['lotto59_bets', 'id'],
      ['transfers', 'id'],
    ] as const) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', '${id}'), (select max(${id}) from ${table}))`,
      );
    }
    await client.query(`reset session_replication_role`);
    await step('vacuum analyze', () =>
      client.query(
        `vacuum (analyze) players, accounts, lotto59_rounds, lotto59_bet_groups, lotto59_bets, transfers`,
      ),
    );
    const size = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
    const bytes = {
      betsHeap: await size(`select pg_table_size('lotto59_bets') as n`),
      betsIndexes: await size(`select pg_indexes_size('lotto59_bets') as n`),
      groups: await size(`select pg_total_relation_size('lotto59_bet_groups') as n`),
      rounds: await size(`select pg_total_relation_size('lotto59_rounds') as n`),
    };
    return { rounds, submissions, stepsMs, bytes };
  } finally {
    await client.end();
  }
}

/** The stakes (one per submission) and the payouts (one per player and settled round won) in the ledger. */
async function insertTransfers(client: pg.Client): Promise<void> {
  await client.query(
    `insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
       from_balance_after, to_balance_after, reference, note, created_at_ms)
     select 'bet-stake:' || g.idempotency_key || ':' || g.player_id, 'bench', 'bet_stake', a.id, h.id, g.amount,
       0, 0, 'lotto59-round:' || g.round_id, null, g.created_at_ms
     from lotto59_bet_groups g join accounts a on a.player_id = g.player_id
       cross join (select id from accounts where code = 'house') h
     order by g.id`,
  );
  await client.query(
    `insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
       from_balance_after, to_balance_after, reference, note, created_at_ms)
     select 'bet-payout:' || w.round_id || ':' || w.player_id, 'bench', 'bet_payout', h.id, a.id, w.payout,
       0, 0, 'lotto59-round:' || w.round_id, null, w.settled_at_ms
     from (select round_id, player_id, sum(payout) as payout, max(settled_at_ms) as settled_at_ms
           from lotto59_bets where payout > 0 group by round_id, player_id) w
       join accounts a on a.player_id = w.player_id
       cross join (select id from accounts where code = 'house') h
     order by w.settled_at_ms, w.player_id`,
  );
}

async function insertPlayers(client: pg.Client, shape: HistoryShape): Promise<void> {
  await client.query(
    `insert into players (id, username, username_key, password_hash, enable_lottery, enable_fast_game_play,
       enabled_poll_1, is_loading, is_demo, created_at_ms, updated_at_ms)
     select i, 'reader' || i, 'reader' || i, $1, 0, 0, 1, 0, 0, $2, $2 from generate_series(1, $3::int) i`,
    [shape.passwordHash, shape.nowMs - shape.days * 86_400_000, shape.players],
  );
  await client.query(
    `insert into accounts (code, kind, player_id, balance, may_go_negative, created_at_ms)
     select 'player:' || i, 'player', i, 0, 0, $1 from generate_series(1, $2::int) i`,
    [shape.nowMs, shape.players],
  );
}

/**
 * Every round of both pools from `startMs` to now, ids in opening order, and a slot table (pool, k) →
 * round with what the bets need to know of its outcome (decided here with the domain's own rules).
 */
async function insertRounds(
  client: pg.Client,
  startMs: number,
  nowMs: number,
  settings: Lotto59Settings,
): Promise<number> {
  const slots: { pool: Pool; k: number; openedAtMs: number }[] = [];
  for (const pool of POOLS) {
    const openMs = settings.openMs[pool];
    for (let k = 0; startMs + k * openMs <= nowMs; k++)
      slots.push({ pool, k, openedAtMs: startMs + k * openMs });
  }
  slots.sort((a, b) => a.openedAtMs - b.openedAtMs || (a.pool < b.pool ? -1 : 1));
  await client.query(
    `create table bench_round_slots (pool text, k int, round_id bigint, status text, band text, side text,
       b1 int, b2 int, b3 int, b4 int, b5 int, settled_at_ms bigint, primary key (pool, k))`,
  );
  const CHUNK = 1000;
  for (let from = 0; from < slots.length; from += CHUNK) {
    const rounds: unknown[][] = [];
    const outcomes: unknown[][] = [];
    slots.slice(from, from + CHUNK).forEach((slot, n) => {
      const id = from + n + 1;
      const closeAtMs = slot.openedAtMs + settings.openMs[slot.pool];
      const schedule = releaseScheduleOf(closeAtMs, settings);
      const seed = randomBytes(32).toString('hex');
      const status = closeAtMs > nowMs ? 'OPEN' : schedule.settleAtMs > nowMs ? 'RELEASING' : 'SETTLED';
      const numbers = status === 'OPEN' ? null : drawNumbers(seed, id);
      const total = numbers && numbers.length === DRAW_SIZE ? totalOf(numbers) : null;
      const settledAtMs = status === 'SETTLED' ? schedule.settleAtMs : null;
      rounds.push([
        id,
        slot.pool,
        status,
        slot.openedAtMs,
        closeAtMs,
        schedule.firstBallAtMs,
        schedule.ballIntervalMs,
        schedule.revealAtMs,
        schedule.settleAtMs,
        seed,
        serverSeedHash(seed),
        numbers ? formatNumbers(numbers) : null,
        total,
        numbers ? closeAtMs : null,
        settledAtMs,
      ]);
      outcomes.push([
        slot.pool,
        slot.k,
        id,
        status,
        total === null ? null : rangeTypeOf(total),
        total === null ? null : overUnderTypeOf(total),
        ...(numbers ? numbers.slice(0, 5) : [null, null, null, null, null]),
        settledAtMs,
      ]);
    });
    await client.query(
      `insert into lotto59_rounds (id, poll, status, opened_at_ms, close_at_ms, first_ball_at_ms, ball_interval_ms,
         reveal_at_ms, settle_at_ms, server_seed, server_seed_hash, numbers, total, drawn_at_ms, settled_at_ms)
       values ${placeholders(rounds.length, 15)}`,
      rounds.flat(),
    );
    await client.query(
      `insert into bench_round_slots values ${placeholders(outcomes.length, 12)}`,
      outcomes.flat(),
    );
  }
  return slots.length;
}

function placeholders(rows: number, columns: number): string {
  return Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(', ')})`,
  ).join(', ');
}

/**
 * The two statements (groups, then bets). A submission's attributes are functions of its number g alone,
 * so the bets statement recomputes them instead of joining 10⁷ rows to the groups.
 */
class HistorySql {
  constructor(
    private readonly shape: HistoryShape,
    private readonly startMs: number,
    private readonly submissions: number,
    private readonly settings: Lotto59Settings,
  ) {}

  /** A uniform number in [0, 1) from row number `n` and a stream number (independent choices). */
  private uniform(n: string, stream: number): string {
    return `((hashint8extended((${n})::bigint, ${stream}) & 4294967295)::float8 / 4294967296.0)`;
  }

  /** The player of submission g (1-based ids). */
  private player(g: string): string {
    return `(1 + floor(${this.shape.players} * power(${this.uniform(g, 1)}, 1.5))::bigint)`;
  }

  /** The time of submission g: evenly over the span, so ids grow with time. */
  private time(g: string): string {
    const spanMs = this.shape.nowMs - this.startMs;
    return `(${this.startMs}::bigint + floor((${g}::float8 + 0.5) * ${spanMs} / ${this.submissions})::bigint)`;
  }

  /** The pool of submission g: the player's (30 % of the players play POLL_1). */
  private pool(g: string): string {
    return `(case when ${this.player(g)} % 10 < 3 then 'POLL_1' else 'POLL_2' end)`;
  }

  /** The slot (pool, k) of submission g: the round of its pool open at its time. */
  private slotJoin(g: string): string {
    const { POLL_1, POLL_2 } = this.settings.openMs;
    return `join bench_round_slots s on s.pool = ${this.pool(g)}
      and s.k = ((${this.time(g)} - ${this.startMs}) / (case when ${this.pool(g)} = 'POLL_1' then ${POLL_1} else ${POLL_2} end))::int`;
  }

  /** The stake of bet i: 500..5,000 ៛ in steps of 500. */
  private amount(i: string): string {
    return `(500 * (1 + floor(10 * ${this.uniform(i, 2)}))::bigint)`;
  }

  groups(): string {
    const g = 'g.n';
    const betsOf = `generate_series(${g} * ${BETS_PER_SUBMISSION}, least(${g} * ${BETS_PER_SUBMISSION} + ${BETS_PER_SUBMISSION - 1}, ${this.shape.bets - 1}))`;
    return `insert into lotto59_bet_groups (id, player_id, round_id, kind, idempotency_key, request_hash, amount,
        balance_after, stake_transfer_id, created_at_ms)
      select ${g} + 1, ${this.player(g)}, s.round_id, 'BET', 'bench-' || ${g}, 'bench', (select sum(${this.amount('i')}) from ${betsOf} i),
        0, 0, ${this.time(g)}
      from generate_series(0, ${this.submissions - 1}) g(n) ${this.slotJoin(g)}`;
  }

  bets(): string {
    const i = 'b.i';
    const g = `(${i} / ${BETS_PER_SUBMISSION})`;
    const r = this.settings.rates;
    const kind = `floor(100 * ${this.uniform(i, 3)})::int`; // 0..99
    const pick = this.uniform(i, 4);
    // 0–29 over/under, 30–59 RANGE_1..5, 60–99 NUMBER on a post (A–E) and a ball (1–59).
    const type = `(case when k.kind < 30 then (case when k.kind % 2 = 0 then 'RANGE_6' else 'RANGE_7' end)
      when k.kind < 60 then 'RANGE_' || (1 + k.kind % 5) else 'NUMBER' end)`;
    const post = `(case when k.kind >= 60 then chr(65 + (k.kind % 5)) end)`;
    const ball = `(case when k.kind >= 60 then 1 + floor(59 * ${pick})::int end)`;
    const won = `(bet.type = s.band or bet.type = s.side or (bet.type = 'NUMBER' and bet.number =
      case bet.post when 'A' then s.b1 when 'B' then s.b2 when 'C' then s.b3 when 'D' then s.b4 else s.b5 end))`;
    const rate = `(case bet.type when 'RANGE_1' then ${r.RANGE_1} when 'RANGE_2' then ${r.RANGE_2}
      when 'RANGE_3' then ${r.RANGE_3} when 'RANGE_4' then ${r.RANGE_4} when 'RANGE_5' then ${r.RANGE_5}
      when 'RANGE_6' then ${r.RANGE_6} when 'RANGE_7' then ${r.RANGE_7} else ${r.NUMBER} end)`;
    return `insert into lotto59_bets (group_id, round_id, player_id, poll, type, post, number, numbers, amount,
        payout, jackpot_win_amount, status, created_at_ms, settled_at_ms)
      select bet.group_id, s.round_id, bet.player_id, s.pool, bet.type, bet.post, bet.number, null, bet.amount,
        case when s.status = 'SETTLED' and ${won} then bet.amount * ${rate} / 100 else 0 end, 0,
        case when s.status <> 'SETTLED' then 'PENDING' when ${won} then 'WON' else 'LOST' end,
        bet.created_at_ms, s.settled_at_ms
      from generate_series(0, ${this.shape.bets - 1}) b(i)
      cross join lateral (select ${kind} as kind) k
      cross join lateral (select ${g} + 1 as group_id, ${this.player(g)} as player_id, ${this.time(g)} as created_at_ms,
        ${type} as type, ${post} as post, ${ball} as number, ${this.amount(i)} as amount) bet
      ${this.slotJoin(g)}`;
  }
}
