import { LOTTO59_STAKE_KEY_PREFIX, riel, type Riel } from '@lotto59/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database';

/*
 * The statement's SQL (docs/decisions/0049-player-statement.md). It reads the ledger's own rows, read-only:
 * `transfers` through the per-side indexes of migration 0018 (`<side>_account_id, created_at_ms, id`), and
 * `lotto59_bet_groups`/`lotto59_bets` by their keys to name a stake's ticket. A player's account is on one
 * side of each of their transfers, so every read is two branches, one per side, each in index order, merged.
 */

/** Rows a statement query reads of the player's side of a transfer. */
export interface StatementDbRow {
  id: number;
  kind: string;
  reference: string | null;
  idempotency_key: string;
  /** The other account of the transfer. */
  other_account_id: number;
  /** 1 when the player paid (the `from` side). */
  paid: number;
  amount: Riel;
  balance_after: Riel;
  created_at_ms: number;
  /** A lotto 59 stake: the first bet of its submission, the ticket the row opens (null otherwise). */
  ticket: number | null;
}

export interface StatementFilter {
  /** The player, whose lotto 59 submissions name a stake's ticket. */
  playerId: number;
  accountId: number;
  fromMs?: number | undefined;
  toMs?: number | undefined;
  /** Only these transfer kinds (never empty: an empty filter is answered without a query). */
  kinds: readonly string[];
  /** When set: rows of these kinds only with one of `otherAccountIds` (a provider product's moves). */
  narrowed?: { kinds: readonly string[]; otherAccountIds: readonly number[] } | undefined;
}

/** Newest-first position: the rows strictly older than this one. */
export interface StatementCursor {
  createdAtMs: number;
  id: number;
}

type Side = 'from' | 'to';
const other = (side: Side) => (side === 'from' ? 'to' : 'from');

function conditions(side: Side, f: StatementFilter, cursor?: StatementCursor): RawBuilder<unknown>[] {
  const mine = sql.ref(`${side}_account_id`);
  const theirs = sql.ref(`${other(side)}_account_id`);
  const where: RawBuilder<unknown>[] = [sql`${mine} = ${f.accountId}`];
  if (f.fromMs !== undefined) where.push(sql`created_at_ms >= ${f.fromMs}`);
  if (f.toMs !== undefined) where.push(sql`created_at_ms < ${f.toMs}`);
  where.push(sql`kind in (${sql.join(f.kinds)})`);
  if (f.narrowed) {
    const ids = f.narrowed.otherAccountIds.length > 0 ? f.narrowed.otherAccountIds : [-1];
    where.push(sql`(kind not in (${sql.join(f.narrowed.kinds)}) or ${theirs} in (${sql.join(ids)}))`);
  }
  if (cursor) {
    where.push(
      // The bound on the index's second column alone first, so that it is a range of the index on both
      // databases; the tie on the same millisecond is then decided by id.
      sql`created_at_ms <= ${cursor.createdAtMs} and (created_at_ms < ${cursor.createdAtMs} or id < ${cursor.id})`,
    );
  }
  return where;
}

function branch(side: Side, f: StatementFilter, limit: number, cursor?: StatementCursor) {
  return sql`select * from (select id, kind, reference, idempotency_key, created_at_ms, amount,
      ${sql.ref(`${other(side)}_account_id`)} as other_account_id,
      ${sql.lit(side === 'from' ? 1 : 0)} as paid,
      ${sql.ref(`${side}_balance_after`)} as balance_after
    from transfers where ${sql.join(conditions(side, f, cursor), sql` and `)}
    order by created_at_ms desc, id desc limit ${limit}) ${sql.raw(`${side}_side`)}`;
}

/**
 * The ticket a lotto 59 stake opens, for a row of the page (`page.*`): the first bet of the player's
 * submission whose key the stake's key carries (`bet-stake:<submission key>:<player>`, the domain's
 * `lotto59StakeKey`),
 * read by the groups' `(player_id, idempotency_key)` key in the page's own statement (decision 0049: one round
 * trip a request). substr and length count characters alike on both databases.
 */
function ticketOfStake(f: StatementFilter) {
  const prefix = LOTTO59_STAKE_KEY_PREFIX;
  const keyLength = sql`length(page.idempotency_key) - ${sql.lit(prefix.length + `:${f.playerId}`.length)}`;
  return sql`case when page.kind = 'bet_stake' and page.idempotency_key like ${sql.lit(`${prefix}%`)} then (
      select min(b.id) from lotto59_bet_groups g join lotto59_bets b on b.group_id = g.id
      where g.player_id = ${f.playerId}
        and g.idempotency_key = substr(page.idempotency_key, ${sql.lit(prefix.length + 1)}, ${keyLength})
    ) end`;
}

/** The page's rows (the limit and offset applied inside, so the ticket is looked up for those rows only). */
function rowsQuery(f: StatementFilter, page: { limit: number; offset?: number; cursor?: StatementCursor }) {
  const offset = page.offset ?? 0;
  const each = offset + page.limit;
  return sql`select page.*, ${ticketOfStake(f)} as ticket from (select * from (${branch('from', f, each, page.cursor)}
      union all ${branch('to', f, each, page.cursor)}) movements
    order by created_at_ms desc, id desc limit ${page.limit} offset ${offset}) page
    order by created_at_ms desc, id desc`;
}

function rowOf(r: StatementDbRow): StatementDbRow {
  return {
    id: Number(r.id),
    kind: r.kind,
    reference: r.reference,
    idempotency_key: r.idempotency_key,
    other_account_id: Number(r.other_account_id),
    paid: Number(r.paid),
    amount: riel(Number(r.amount)),
    balance_after: riel(Number(r.balance_after)),
    created_at_ms: Number(r.created_at_ms),
    ticket: r.ticket === null ? null : Number(r.ticket),
  };
}

/**
 * A page of the player's movements, newest first (`offset` rows skipped), or the `limit` rows after
 * `cursor` (the CSV's walk). Each side reads at most `offset + limit` rows in index order.
 */
export async function statementRows(
  ex: Executor,
  f: StatementFilter,
  page: { limit: number; offset?: number; cursor?: StatementCursor },
): Promise<StatementDbRow[]> {
  const { rows } = await rowsQuery(f, page).execute(ex);
  return (rows as StatementDbRow[]).map(rowOf);
}

/** Width of the aggregate's time buckets: every time zone's offset is a whole number of them. */
export const STATEMENT_BUCKET_MS = 900_000;

export interface StatementBucket {
  kind: string;
  other_account_id: number;
  paid: number;
  bucket: number;
  count: number;
  amount: number;
}

/** Count and sum of the player's movements per kind, other account, side and 15-minute bucket. */
function bucketsQuery(f: StatementFilter) {
  const side = (s: Side) => sql`select kind, ${sql.ref(`${other(s)}_account_id`)} as other_account_id,
      ${sql.lit(s === 'from' ? 1 : 0)} as paid, created_at_ms / ${sql.lit(STATEMENT_BUCKET_MS)} as bucket,
      count(*) as count, sum(amount) as amount
    from transfers where ${sql.join(conditions(s, f), sql` and `)}
    group by kind, ${sql.ref(`${other(s)}_account_id`)}, created_at_ms / ${sql.lit(STATEMENT_BUCKET_MS)}`;
  return sql`${side('from')} union all ${side('to')}`;
}

function bucketOf(r: StatementBucket): StatementBucket {
  return {
    kind: r.kind,
    other_account_id: Number(r.other_account_id),
    paid: Number(r.paid),
    bucket: Number(r.bucket),
    count: Number(r.count),
    amount: Number(r.amount),
  };
}

/**
 * A page and the buckets of the whole filter in ONE statement (one round trip, as the ticket list's page and
 * totals are, decision 0040): the rows of the page marked `part = 1`, the buckets `part = 2`, the columns the
 * other part does not have null. The page's order is put back here (a union keeps none).
 */
export async function statementPageAndBuckets(
  ex: Executor,
  f: StatementFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: StatementDbRow[]; buckets: StatementBucket[] }> {
  const int = sql`cast(null as bigint)`;
  const text = sql`cast(null as text)`;
  const { rows } = await sql<StatementDbRow & StatementBucket & { part: number }>`
    select 1 as part, id, kind, reference, idempotency_key, created_at_ms, amount, other_account_id, paid,
      balance_after, ticket, ${int} as bucket, ${int} as count
    from (${rowsQuery(f, page)}) rows_of_page
    union all
    select 2 as part, ${int}, kind, ${text}, ${text}, ${int}, amount, other_account_id, paid, ${int}, ${int},
      bucket, count
    from (${bucketsQuery(f)}) buckets`.execute(ex);
  const out = { rows: [] as StatementDbRow[], buckets: [] as StatementBucket[] };
  for (const r of rows) {
    if (Number(r.part) === 1) out.rows.push(rowOf(r));
    else out.buckets.push(bucketOf(r));
  }
  out.rows.sort((a, b) => b.created_at_ms - a.created_at_ms || b.id - a.id);
  return out;
}

/** Every account that is not a player's: the other side of a player's movements (a dozen rows). */
export function systemAccounts(ex: Executor) {
  return ex.selectFrom('accounts').select(['id', 'code']).where('kind', '<>', 'player').execute();
}

export function playerAccountId(ex: Executor, playerId: number) {
  return ex.selectFrom('accounts').select('id').where('player_id', '=', playerId).executeTakeFirst();
}
