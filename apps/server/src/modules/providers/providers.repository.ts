import { riel, type Riel } from '@lotto59/domain';
import { sql, SqliteAdapter, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import type { ProviderCode, ProviderTokensTable, ProviderTransactionsTable } from './providers.table';

// All SQL of the seamless wallet's tables (game tokens, transaction records, rounds). Each function takes
// the executor first, so that it runs inside the caller's transaction.

export type TokenRow = Selectable<ProviderTokensTable>;

const isSqliteExecutor = (ex: Executor) => ex.getExecutor().adapter instanceof SqliteAdapter;
export type TransactionRow = Selectable<ProviderTransactionsTable>;

export async function insertToken(ex: Executor, row: Insertable<ProviderTokensTable>): Promise<number> {
  const inserted = await ex
    .insertInto('provider_tokens')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export function findTokenById(ex: Executor, id: number) {
  return ex.selectFrom('provider_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A fresh launch code on a live, unexpired token (a fishing session launched again). */
export function rearmLaunchCode(
  ex: Executor,
  id: number,
  codeHash: string,
  codeExpiresMs: number,
  nowMs: number,
) {
  return ex
    .updateTable('provider_tokens')
    .set({ launch_code_hash: codeHash, launch_code_expires_ms: codeExpiresMs })
    .where('id', '=', id)
    .where('retired_at_ms', 'is', null)
    .where('expires_ms', '>', nowMs)
    .where('hard_expires_ms', '>', nowMs)
    .returningAll()
    .executeTakeFirst();
}

export async function retireToken(ex: Executor, id: number, nowMs: number): Promise<void> {
  await ex
    .updateTable('provider_tokens')
    .set({ retired_at_ms: nowMs, launch_code_hash: null, launch_code_expires_ms: null })
    .where('id', '=', id)
    .where('retired_at_ms', 'is', null)
    .execute();
}

/** A new launch of a game retires the player's older live tokens of it (providers.md §5). */
export async function retireTokensOfGame(
  ex: Executor,
  key: { playerId: number; provider: ProviderCode; gameCode: string },
  nowMs: number,
): Promise<void> {
  await ex
    .updateTable('provider_tokens')
    .set({ retired_at_ms: nowMs, launch_code_hash: null, launch_code_expires_ms: null })
    .where('player_id', '=', key.playerId)
    .where('provider', '=', key.provider)
    .where('game_code', '=', key.gameCode)
    .where('retired_at_ms', 'is', null)
    .execute();
}

export function findTokenByHash(ex: Executor, tokenHash: string) {
  return ex.selectFrom('provider_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Takes a launch code once: one conditional statement, so that two exchanges of the same code cannot
 * both succeed. Only an unexpired code of a live token of this provider is taken.
 */
export function takeLaunchCode(ex: Executor, codeHash: string, provider: ProviderCode, nowMs: number) {
  return ex
    .updateTable('provider_tokens')
    .set({ launch_code_hash: null, launch_code_expires_ms: null })
    .where('launch_code_hash', '=', codeHash)
    .where('provider', '=', provider)
    .where('launch_code_expires_ms', '>=', nowMs)
    .where('retired_at_ms', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Slides a live token's expiry to `expiresMs` (already capped at its hard expiry by the caller). */
export async function extendToken(ex: Executor, id: number, expiresMs: number, nowMs: number): Promise<void> {
  await ex
    .updateTable('provider_tokens')
    .set({ expires_ms: expiresMs })
    .where('id', '=', id)
    .where('expires_ms', '>', nowMs)
    .where('expires_ms', '<', expiresMs)
    .execute();
}

export function findTransaction(ex: Executor, provider: ProviderCode, transactionUuid: string) {
  return ex
    .selectFrom('provider_transactions')
    .selectAll()
    .where('provider', '=', provider)
    .where('transaction_uuid', '=', transactionUuid)
    .executeTakeFirst();
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

/** A bet opens its round or adds to it; false (nothing written) when the round is another player's. */
export async function addRoundBet(ex: Executor, row: RoundBet): Promise<boolean> {
  const result = await roundBetUpsert(ex, row).executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}

/**
 * A bet's transaction record and its round (`addRoundBet`) in one statement on PostgreSQL (a data-modifying
 * CTE: one round trip of the group commit's serial chain, decision 0038), two on SQLite. False when the
 * round is another player's: the record is written all the same, and the caller's refusal rolls it back.
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
        // Another player's round is never added to: a studio that reuses a round id is refused (the caller).
        .where('provider_rounds.player_id', '=', row.playerId),
    );
}

/** What a PostgreSQL move statement returns: the ledger transfer's row (`transfer_moved`). */
export interface MovedRow {
  id: number;
  from_balance_after: Riel;
  to_balance_after: Riel;
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
 * PostgreSQL, a bet in ONE statement (decision 0038): the ledger transfer (the wallet's CTEs,
 * `WalletService.newTransferCtes`), the transaction record with its stored answer (the player's balance
 * after, filled in by the statement), and the round (`addRoundBet`). No row when the debit is not covered
 * (then nothing was written); `own_round` false when the round is another player's (the caller refuses,
 * and its savepoint takes the rest back).
 */
export async function betInOneStatement(
  ex: Executor,
  transferCtes: RawBuilder<unknown>,
  record: Omit<Insertable<ProviderTransactionsTable>, 'response_json'> & { answerBeforeBalance: string },
  round: RoundBet,
): Promise<(MovedRow & { own_round: boolean }) | undefined> {
  const { rows } = await sql<MovedRow & { own_round: boolean }>`
    with ${transferCtes},
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
      where provider_rounds.player_id = excluded.player_id
      returning 1)
    select m.id, m.from_balance_after, m.to_balance_after,
      (select count(*) from bet_round) = 1 and (select count(*) from bet_record) = 1 as own_round
    from transfer_moved m`.execute(ex);
  return rows[0];
}

/**
 * PostgreSQL, a win's (or a rollback's) ledger transfer and its transaction record in ONE statement
 * (decision 0038); the stored answer carries the player's balance after (`to_balance_after`). No row when
 * the debit is not covered (a provider's account may go negative, so never for these).
 */
export async function creditInOneStatement(
  ex: Executor,
  transferCtes: RawBuilder<unknown>,
  record: Omit<Insertable<ProviderTransactionsTable>, 'response_json'> & { answerBeforeBalance: string },
): Promise<MovedRow | undefined> {
  const { rows } = await sql<MovedRow & { recorded: number }>`
    with ${transferCtes},
    move_record as (
      ${recordInsert(record, sql`m.to_balance_after`)}
      returning 1)
    select m.id, m.from_balance_after, m.to_balance_after, (select count(*) from move_record) as recorded
    from transfer_moved m`.execute(ex);
  return rows[0];
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

/** A win adds its payout; `round_closed` closes the round. */
export async function addRoundWin(ex: Executor, row: RoundWin): Promise<void> {
  await roundWinUpdate(ex, row).execute();
}

/**
 * A win's round update (`addRoundWin`, which takes the round row's lock first), then the bet it names as it
 * is once that lock is ours: one statement on PostgreSQL (decision 0038), two on SQLite. The bet is read
 * FOR SHARE because a locking read returns the row's latest committed version, not the one of the
 * statement's snapshot: a rollback of the bet that held the round's lock and committed while we waited
 * for it is seen (as two statements see it, the second with a snapshot of its own).
 */
export async function addRoundWinAndFindBet(
  ex: Executor,
  row: RoundWin,
  betTransactionUuid: string,
): Promise<TransactionRow | undefined> {
  if (isSqliteExecutor(ex)) {
    await addRoundWin(ex, row);
    return findTransaction(ex, row.provider, betTransactionUuid);
  }
  return (
    ex
      .with('round_win', (db) => roundWinUpdate(db, row).returning('provider'))
      .selectFrom('provider_transactions')
      .selectAll()
      .where('provider', '=', row.provider)
      .where('transaction_uuid', '=', betTransactionUuid)
      // Always true; it reads the update, so the update runs (and takes the round's lock) before the read.
      .where(sql<boolean>`(select count(*) from round_win) >= 0`)
      .forShare()
      .executeTakeFirst()
  );
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
    .where('round_id', '=', row.roundId);
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
