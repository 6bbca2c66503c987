import { riel, type Riel } from '@lotto59/domain';
import { sql, SqliteAdapter, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { WinRule } from '../providers.catalog';
import type { TokenRow } from '../launch/tokens.repository';
import type { ProviderCode, ProviderTransactionsTable } from '../providers.table';
import { pgArray } from '../../../db/pg-array';

// All SQL of the seamless wallet's own tables (transaction records, rounds; the token only as a join).
// Each function takes the executor first, so that it runs inside the caller's transaction.

const isSqliteExecutor = (ex: Executor) => ex.getExecutor().adapter instanceof SqliteAdapter;
export type TransactionRow = Selectable<ProviderTransactionsTable>;

export function findTransaction(ex: Executor, provider: ProviderCode, transactionUuid: string) {
  return ex
    .selectFrom('provider_transactions')
    .selectAll()
    .where('provider', '=', provider)
    .where('transaction_uuid', '=', transactionUuid)
    .executeTakeFirst();
}

/**
 * What a call reads before it is decided (PostgreSQL): its transaction id's record, its token, the token's
 * player. The decision module judges a call on the first two (`CallFacts` there).
 */
export interface CallFactsRow {
  transaction: TransactionRow | undefined;
  token: TokenRow | undefined;
  /** The token's login session is not ended (false without a token). */
  sessionLive: boolean;
  /** The token's player is disabled by the operator (false without a token). */
  playerDisabled: boolean;
}

/** The keys of one call's facts. */
export interface CallFactsKey {
  provider: ProviderCode;
  /** Null for a call without one (a balance): no record is looked up. */
  transactionUuid: string | null;
  tokenHash: string;
}

/**
 * PostgreSQL: the first facts of several calls in ONE round trip (decisions 0045, 0056): for each call its
 * transaction id's record and its token, with the token's login session and its player's flag read by the
 * expressions of the modules that own them (the `PlayerFacts` port). The calls check them in the order of
 * providers.md §3 all the same. Each row comes as JSON (its integers are safe: riel and epoch milliseconds).
 * Answers in the order of `keys`.
 */
export async function findCallFacts(
  ex: Executor,
  keys: readonly CallFactsKey[],
  player: {
    isSessionLive(sessionId: RawBuilder<unknown>): RawBuilder<boolean>;
    isDisabled(playerId: RawBuilder<unknown>): RawBuilder<boolean>;
  },
): Promise<CallFactsRow[]> {
  const { rows } = await sql<{
    i: string;
    t: TransactionRow | null;
    k: TokenRow | null;
    session_live: boolean;
    player_disabled: boolean;
  }>`
    select q.i,
      (select row_to_json(t) from provider_transactions t
        where t.provider = q.provider and t.transaction_uuid = q.transaction_uuid) as t,
      row_to_json(k) as k,
      coalesce(${player.isSessionLive(sql.ref('k.auth_session_id'))}, false) as session_live,
      coalesce(${player.isDisabled(sql.ref('k.player_id'))}, false) as player_disabled
    from unnest(cast(${pgArray(keys.map((k) => k.provider))} as text[]),
      cast(${pgArray(keys.map((k) => k.transactionUuid))} as text[]),
      cast(${pgArray(keys.map((k) => k.tokenHash))} as text[]))
      with ordinality as q(provider, transaction_uuid, token_hash, i)
    left join provider_tokens k on k.token_hash = q.token_hash`.execute(ex);
  const facts: CallFactsRow[] = new Array(keys.length);
  for (const row of rows) {
    facts[Number(row.i) - 1] = {
      transaction: row.t ?? undefined,
      token: row.k ?? undefined,
      sessionLive: row.session_live === true,
      playerDisabled: row.player_disabled === true,
    };
  }
  return facts;
}

export async function insertTransaction(
  ex: Executor,
  row: Insertable<ProviderTransactionsTable>,
): Promise<void> {
  await ex.insertInto('provider_transactions').values(row).execute();
}

/** Marks a bet rolled back; false when it already was (a concurrent rollback won). */
export async function markRolledBack(
  ex: Executor,
  provider: ProviderCode,
  transactionUuid: string,
): Promise<boolean> {
  const result = await ex
    .updateTable('provider_transactions')
    .set({ rolled_back: 1 })
    .where('provider', '=', provider)
    .where('transaction_uuid', '=', transactionUuid)
    .where('action', '=', 'bet')
    .where('rolled_back', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function roundHasWin(ex: Executor, provider: ProviderCode, roundId: string): Promise<boolean> {
  const row = await ex
    .selectFrom('provider_transactions')
    .select('transaction_uuid')
    .where('provider', '=', provider)
    .where('round_id', '=', roundId)
    .where('action', '=', 'win')
    .executeTakeFirst();
  return row !== undefined;
}

export interface RoundBet {
  provider: ProviderCode;
  roundId: string;
  playerId: number;
  gameCode: string;
  amount: Riel;
  meta: string | null;
  nowMs: number;
}

/**
 * A bet opens its round or adds to it; false (nothing written) when the round is another player's or
 * CLOSED.
 */
export async function addRoundBet(ex: Executor, row: RoundBet): Promise<boolean> {
  const result = await roundBetUpsert(ex, row).executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}

/**
 * A bet's transaction record and its round (`addRoundBet`) in one statement on PostgreSQL (a data-modifying
 * CTE: one round trip of the group commit's serial chain, decision 0038), two on SQLite. False when the
 * round is another player's or CLOSED: the record is written all the same, and the caller's refusal rolls it
 * back.
 */
export async function insertBetWithRound(
  ex: Executor,
  record: Insertable<ProviderTransactionsTable>,
  round: RoundBet,
): Promise<boolean> {
  if (isSqliteExecutor(ex)) {
    await insertTransaction(ex, record);
    return addRoundBet(ex, round);
  }
  const result = await roundBetUpsert(
    ex.with('bet_record', (db) =>
      db.insertInto('provider_transactions').values(record).returning('provider'),
    ),
    round,
  ).executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}

function roundBetUpsert(ex: Pick<Executor, 'insertInto'>, row: RoundBet) {
  return ex
    .insertInto('provider_rounds')
    .values({
      provider: row.provider,
      round_id: row.roundId,
      player_id: row.playerId,
      game_code: row.gameCode,
      stake: row.amount,
      payout: riel(0),
      status: 'OPEN',
      bet_meta: row.meta,
      win_meta: null,
      created_at_ms: row.nowMs,
      closed_at_ms: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['provider', 'round_id'])
        .doUpdateSet({
          stake: sql<Riel>`provider_rounds.stake + ${row.amount}`,
          bet_meta: sql<string | null>`coalesce(${row.meta}, provider_rounds.bet_meta)`,
          // A bet after a rollback of the round's only bet opens it again.
          status: 'OPEN',
        })
        // Another player's round is never added to (a studio that reuses a round id), nor a CLOSED one
        // (decision 0042): the caller refuses.
        .where('provider_rounds.player_id', '=', row.playerId)
        .where('provider_rounds.status', '<>', 'CLOSED'),
    );
}

/**
 * What a PostgreSQL move statement returns: the player's half of its ledger transfer (`transfer_moved`,
 * `WalletService.newTransferCtes`): the player's balance after on its side, null on the provider's, whose
 * half and the transfer row are written at the batch's end (decision 0045).
 */
export interface MovedRow {
  id: null;
  from_balance_after: Riel | null;
  to_balance_after: Riel | null;
}

/**
 * The stored answer of a move whose balance the statement computes: the JSON text of the answer with
 * balance 0, cut before that 0. `ok()` puts `balance` last, so the text plus the balance and `}` is
 * byte for byte what `JSON.stringify` of the answer gives.
 */
export function answerBeforeBalance(answerWithZeroBalance: string): string {
  if (!answerWithZeroBalance.endsWith('"balance":0}')) throw new Error('balance must be the last field');
  return answerWithZeroBalance.slice(0, -2);
}

/**
 * PostgreSQL, a bet in ONE statement (decision 0038): responsible gaming's judge-and-count (`rg_stake`,
 * `RgGuard.stakeCte`; the transfer CTEs must be built on `RG_STAKE_TAKEN`, so the rg row is locked before the
 * account, as every stake does), the player's half of the ledger transfer (the wallet's CTEs,
 * `WalletService.newTransferCtes`; the provider's half at the batch's end, decision 0045), the transaction
 * record with its stored answer (the player's balance after, filled in by the statement), and the round
 * (`addRoundBet`). `rgTaken` false: the player's limits, break or exclusion refused it, and nothing was
 * written; `moved` undefined: not taken, or the debit is not covered (then nothing was written but the count,
 * which the caller's refusal takes back with its savepoint); `own_round` false when the round is another
 * player's or CLOSED (the caller refuses, and its savepoint takes the rest back).
 */
export async function betInOneStatement(
  ex: Executor,
  rgStakeCte: RawBuilder<unknown>,
  transferCtes: RawBuilder<unknown>,
  record: Omit<Insertable<ProviderTransactionsTable>, 'response_json'> & { answerBeforeBalance: string },
  round: RoundBet,
): Promise<{ rgTaken: boolean; moved: (MovedRow & { own_round: boolean }) | undefined }> {
  const { rows } = await sql<{
    rg_taken: boolean;
    moved: boolean;
    from_balance_after: Riel | null;
    to_balance_after: Riel | null;
    own_round: boolean | null;
  }>`
    with ${rgStakeCte},
    ${transferCtes},
    bet_record as (
      ${recordInsert(record, sql`m.from_balance_after`)}
      returning 1),
    bet_round as (
      insert into provider_rounds (provider, round_id, player_id, game_code, stake, payout, status, bet_meta,
        win_meta, created_at_ms, closed_at_ms)
      select ${round.provider}, ${round.roundId}, cast(${round.playerId} as bigint), ${round.gameCode},
        cast(${round.amount} as bigint), 0, 'OPEN', ${round.meta}, null, cast(${round.nowMs} as bigint), null
      from transfer_moved
      on conflict (provider, round_id) do update set
        stake = provider_rounds.stake + excluded.stake,
        bet_meta = coalesce(excluded.bet_meta, provider_rounds.bet_meta),
        status = 'OPEN'
      where provider_rounds.player_id = excluded.player_id and provider_rounds.status <> 'CLOSED'
      returning 1)
    select exists (select 1 from rg_stake) as rg_taken, m.from_balance_after is not null as moved,
      m.from_balance_after, m.to_balance_after,
      (select count(*) from bet_round) = 1 and (select count(*) from bet_record) = 1 as own_round
    from (select 1) as one left join transfer_moved m on true`.execute(ex);
  const row = rows[0]!;
  if (!row.moved) return { rgTaken: row.rg_taken, moved: undefined };
  return {
    rgTaken: row.rg_taken,
    moved: {
      id: null,
      from_balance_after: row.from_balance_after,
      to_balance_after: row.to_balance_after,
      own_round: row.own_round === true,
    },
  };
}

/**
 * The condition of a win's count of the payout in `claimAndCreditWin` (its `rg_count`, on which the
 * player's credit waits): the claim on the bet took.
 */
export const WIN_CLAIMED = sql<boolean>`exists (select 1 from bet_win)`;

/**
 * PostgreSQL, a win in ONE statement (decisions 0038, 0045): the claim on its round and its bet
 * (`claimWin`, the round first), the player's half of the ledger transfer (the wallet's CTEs, built with
 * `RG_COUNTED`: no credit unless responsible gaming counted it, which it does only when the bet's claim
 * took), and the transaction record with its stored answer.
 * The round's update takes its lock first (the bet's update reads it, the credit reads the bet's), and each
 * update re-checks its row at its latest committed version, as `claimWin` explains. `moved` is undefined when
 * nothing was credited: the claim did not take (the caller refuses, and its savepoint takes the round's
 * update back).
 */
export async function claimAndCreditWin(
  ex: Executor,
  round: RoundWin,
  bet: BetWin,
  /** Responsible gaming's count of the payout, the CTE `rg_count`, made only when the bet's claim took. */
  rgCount: RawBuilder<unknown>,
  transferCtes: RawBuilder<unknown>,
  record: Omit<Insertable<ProviderTransactionsTable>, 'response_json'> & { answerBeforeBalance: string },
): Promise<{ claim: WinClaim; moved: MovedRow | undefined }> {
  const { rows } = await sql<{ round_open: string; bet_claimed: string; balance: Riel | null }>`
    with round_win as (${roundWinUpdate(ex, round).returning('provider')}),
    bet_win as (${betWinUpdate(ex, round, bet)
      .where(sql<boolean>`(select count(*) from round_win) = 1`)
      .returning('provider')}),
    ${rgCount},
    ${transferCtes},
    move_record as (
      ${recordInsert(record, sql`m.to_balance_after`)}
      returning 1)
    select (select count(*) from round_win) as round_open, (select count(*) from bet_win) as bet_claimed,
      (select m.to_balance_after from transfer_moved m where exists (select 1 from move_record)) as balance`.execute(
    ex,
  );
  const row = rows[0]!;
  const claim = { roundOpen: Number(row.round_open) === 1, betClaimed: Number(row.bet_claimed) === 1 };
  const moved =
    row.balance === null ? undefined : { id: null, from_balance_after: null, to_balance_after: row.balance };
  return { claim, moved };
}

/** The record's insert from `transfer_moved m`, its answer completed with the balance column given. */
function recordInsert(
  r: Omit<Insertable<ProviderTransactionsTable>, 'response_json'> & { answerBeforeBalance: string },
  balance: RawBuilder<unknown>,
) {
  return sql`
    insert into provider_transactions (provider, transaction_uuid, action, player_id, game_code, round_id,
      amount, reference_transaction_uuid, request_hash, response_json, rolled_back, created_at_ms)
    select ${r.provider}, ${r.transaction_uuid}, ${r.action}, cast(${r.player_id} as bigint), ${r.game_code},
      ${r.round_id}, cast(${r.amount} as bigint), ${r.reference_transaction_uuid ?? null}, ${r.request_hash},
      cast(${r.answerBeforeBalance} as text) || ${balance} || '}', cast(${r.rolled_back ?? 0} as integer),
      cast(${r.created_at_ms} as bigint)
    from transfer_moved m`;
}

export interface RoundWin {
  provider: ProviderCode;
  roundId: string;
  amount: Riel;
  meta: string | null;
  closed: boolean;
  nowMs: number;
}

/** A bet's side of a win: whose bet it names, and the game's rule for its wins (decision 0042). */
export interface BetWin {
  transactionUuid: string;
  playerId: number;
  rule: WinRule;
}

/** What a win's two conditional updates changed: it is paid only when both did. */
export interface WinClaim {
  /** The round was there and not CLOSED: its payout now includes the win (and `closed` closed it). */
  roundOpen: boolean;
  /** The bet was this player's, of this round, not rolled back, and had room for this win under its rule. */
  betClaimed: boolean;
}

/**
 * A win's claim on its round and its bet, in the caller's transaction, before its credit (decision 0042):
 * the round takes the payout unless it is CLOSED, then the bet counts the win if its rule leaves room for it
 * (`win_count = 0` for a game of one win per bet; otherwise the sum of its wins within the game's maximum
 * multiple of its stake). Both are conditional updates, so two wins of one bet cannot both pass, however
 * they race; when either changed nothing, the caller refuses and its savepoint takes the other back.
 *
 * One statement on PostgreSQL (decision 0038), the round first: its lock orders a win after a rollback of the
 * round that holds it (`lockRound`), as before. The bet's update then follows the row to its latest committed
 * version (READ COMMITTED re-checks an updated row), so a rollback or another win of the bet that committed
 * while we waited is seen. Two statements on SQLite.
 */
export async function claimWin(ex: Executor, round: RoundWin, bet: BetWin): Promise<WinClaim> {
  if (isSqliteExecutor(ex)) {
    const roundOpen = Number((await roundWinUpdate(ex, round).executeTakeFirst()).numUpdatedRows) === 1;
    if (!roundOpen) return { roundOpen, betClaimed: false };
    const claimed = await betWinUpdate(ex, round, bet).executeTakeFirst();
    return { roundOpen, betClaimed: Number(claimed.numUpdatedRows) === 1 };
  }
  const row = await ex
    .with('round_win', (db) => roundWinUpdate(db, round).returning('provider'))
    .with('bet_win', (db) =>
      betWinUpdate(db, round, bet)
        // Reads the round's update, so that it runs (and takes the round's lock) first; no win on a round
        // that took none.
        .where(sql<boolean>`(select count(*) from round_win) = 1`)
        .returning('provider'),
    )
    .selectNoFrom([
      sql<number>`(select count(*) from round_win)`.as('round_open'),
      sql<number>`(select count(*) from bet_win)`.as('bet_claimed'),
    ])
    .executeTakeFirstOrThrow();
  return { roundOpen: Number(row.round_open) === 1, betClaimed: Number(row.bet_claimed) === 1 };
}

function roundWinUpdate(ex: Pick<Executor, 'updateTable'>, row: RoundWin) {
  return ex
    .updateTable('provider_rounds')
    .set({
      payout: sql<Riel>`payout + ${row.amount}`,
      win_meta: sql<string | null>`coalesce(${row.meta}, win_meta)`,
      ...(row.closed ? { status: 'CLOSED' as const, closed_at_ms: row.nowMs } : {}),
    })
    .where('provider', '=', row.provider)
    .where('round_id', '=', row.roundId)
    .where('status', '<>', 'CLOSED');
}

function betWinUpdate(ex: Pick<Executor, 'updateTable'>, round: RoundWin, bet: BetWin) {
  const claim = ex
    .updateTable('provider_transactions')
    .set({
      win_count: sql<number>`win_count + 1`,
      win_total: sql<Riel>`win_total + ${round.amount}`,
    })
    .where('provider', '=', round.provider)
    .where('transaction_uuid', '=', bet.transactionUuid)
    .where('action', '=', 'bet')
    .where('rolled_back', '=', 0)
    .where('player_id', '=', bet.playerId)
    .where('round_id', '=', round.roundId);
  if (bet.rule.wins === 'ONE') return claim.where('win_count', '=', 0);
  const { numerator, denominator } = bet.rule.maxMultiple;
  // Whole numbers on both sides: (won + this win) / stake <= numerator / denominator.
  return claim.where(sql<boolean>`(win_total + ${round.amount}) * ${denominator} <= amount * ${numerator}`);
}

/**
 * A rollback takes its bet's stake back out of the round; a round left with no stake is ROLLED_BACK
 * (stake 0, payout 0: a rolled-back round never has a win, providers.md §3).
 */
export async function rollBackRoundBet(
  ex: Executor,
  row: { provider: ProviderCode; roundId: string; amount: Riel; nowMs: number },
): Promise<void> {
  await ex
    .updateTable('provider_rounds')
    .set({
      stake: sql<Riel>`stake - ${row.amount}`,
      status: sql<
        'OPEN' | 'ROLLED_BACK'
      >`case when stake - ${row.amount} = 0 then 'ROLLED_BACK' else status end`,
      closed_at_ms: sql<
        number | null
      >`case when stake - ${row.amount} = 0 then ${row.nowMs} else closed_at_ms end`,
    })
    .where('provider', '=', row.provider)
    .where('round_id', '=', row.roundId)
    .execute();
}

export function findRound(ex: Executor, provider: ProviderCode, roundId: string) {
  return ex
    .selectFrom('provider_rounds')
    .selectAll()
    .where('provider', '=', provider)
    .where('round_id', '=', roundId)
    .executeTakeFirst();
}

/**
 * Takes the round's row lock (a no-op update) so that a win and a rollback of one round run one after
 * the other: each then sees what the other committed (PostgreSQL READ COMMITTED re-reads after a lock).
 */
export async function lockRound(ex: Executor, provider: ProviderCode, roundId: string): Promise<void> {
  await ex
    .updateTable('provider_rounds')
    .set({ status: sql<'OPEN'>`status` })
    .where('provider', '=', provider)
    .where('round_id', '=', roundId)
    .execute();
}
