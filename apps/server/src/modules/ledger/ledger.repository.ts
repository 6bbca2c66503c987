import { sql } from 'kysely';
import { pgPoolOf } from '../../db/create-db';
import type { Db, Executor } from '../../db/database';
import type { LedgerSealsTable } from './ledger.table';
import { TRANSFER_COLUMNS } from './transfer-encoding';
export { sqliteFileOf, TransferRangeReader } from './transfer-range.sqlite-pg';

// All SQL of the sealed ledger. The range reads return bare arrays (better-sqlite3 `raw`, pg `rowMode:
// 'array'`): `ops ledger verify` reads every transfer of the ledger through them.

/** A string field of docs/ledger-seal.md §2 in SQL: its UTF-8 byte length (4 bytes) and bytes. */
const SQL_STRING = (column: string) =>
  `int4send(octet_length(convert_to(${column}, 'UTF8'))) || convert_to(${column}, 'UTF8')`;
/** A nullable one: null is the length 0xFFFFFFFF alone. */
const SQL_NULLABLE = (column: string) => `coalesce(${SQL_STRING(column)}, '\\xffffffff'::bytea)`;

/**
 * PostgreSQL: each transfer's RFC 6962 leaf hash, SHA-256(0x00 || canonical encoding), computed by the database
 * in its own process, so that only 32 bytes a row cross the wire. Equal to the encoder of transfer-encoding.ts
 * byte for byte: ledger.api.test.ts checks proofs built from these leaves with the contract's encoder.
 */
const PG_LEAF_RANGE_SQL = `select id, sha256('\\x00'::bytea || int8send(id) || ${SQL_STRING('idempotency_key')}
    || ${SQL_STRING('request_hash')} || ${SQL_STRING('kind')} || int8send(from_account_id) || int8send(to_account_id)
    || int8send(amount) || int8send(from_balance_after) || int8send(to_balance_after) || ${SQL_NULLABLE('reference')}
    || ${SQL_NULLABLE('note')} || int8send(created_at_ms)) as leaf
  from transfers where id > $1 and id <= $2 order by id limit $3`;

/** PostgreSQL only: ids and leaf hashes of transfers with afterId < id <= throughId, in id order. */
export async function pgLeafRange(
  db: Db,
  afterId: number,
  throughId: number,
  limit: number,
): Promise<{ ids: number[]; leaves: Buffer[] }> {
  const pool = pgPoolOf(db);
  if (!pool) throw new Error('pgLeafRange runs on PostgreSQL');
  const { rows } = await pool.query<[number, Buffer]>({
    text: PG_LEAF_RANGE_SQL,
    values: [afterId, throughId, limit],
    rowMode: 'array',
  });
  const ids = new Array<number>(rows.length);
  const leaves = new Array<Buffer>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as [number, Buffer];
    ids[i] = row[0];
    leaves[i] = row[1];
  }
  return { ids, leaves };
}

export async function lastSeal(db: Executor): Promise<LedgerSealsTable | undefined> {
  return db.selectFrom('ledger_seals').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();
}

export async function insertSeal(db: Executor, seal: LedgerSealsTable): Promise<void> {
  await db.insertInto('ledger_seals').values(seal).execute();
}

/** Seals in seq order from `fromSeq`, at most `limit`. */
export async function sealsFrom(db: Executor, fromSeq: number, limit: number): Promise<LedgerSealsTable[]> {
  return db
    .selectFrom('ledger_seals')
    .selectAll()
    .where('seq', '>=', fromSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** The seal whose range holds transfer `id`, if any. */
export async function sealCovering(db: Executor, id: number): Promise<LedgerSealsTable | undefined> {
  return db
    .selectFrom('ledger_seals')
    .selectAll()
    .where('last_id', '>=', id)
    .where('first_id', '<=', id)
    .orderBy('last_id')
    .limit(1)
    .executeTakeFirst();
}

/** Transfer `id` when one of its two accounts is the player's; undefined otherwise (or when there is none). */
export async function transferOfPlayer(db: Executor, id: number, playerId: number) {
  return db
    .selectFrom('transfers as t')
    .select(TRANSFER_COLUMNS.map((c) => `t.${c}` as const))
    .where('t.id', '=', id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('accounts as a')
          .select('a.id')
          .where('a.player_id', '=', playerId)
          .where((inner) =>
            inner.or([
              inner('a.id', '=', eb.ref('t.from_account_id')),
              inner('a.id', '=', eb.ref('t.to_account_id')),
            ]),
          ),
      ),
    )
    .executeTakeFirst();
}

/** SQLite: the largest committed id (one writer at a time and AUTOINCREMENT: every later commit is larger). */
export async function maxTransferId(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('transfers')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return row?.max ?? 0;
}

/**
 * PostgreSQL: the last id the transfers' sequence handed out (non-transactional: every nextval so far, committed
 * or not); 0 before the first. The sequence must not cache values per session (CACHE 1, bigserial's default).
 */
export async function pgSequenceLastValue(db: Db): Promise<number> {
  const { rows } = await sql<{ last: number | null }>`
    select pg_sequence_last_value(pg_get_serial_sequence('transfers', 'id')::regclass) as last`.execute(db);
  return rows[0]?.last ?? 0;
}

/** PostgreSQL: the sequence's per-session cache (1 unless someone altered it). */
export async function pgSequenceCache(db: Db): Promise<number> {
  const { rows } = await sql<{ cache: number }>`
    select s.seqcache as cache from pg_sequence s
    where s.seqrelid = pg_get_serial_sequence('transfers', 'id')::regclass`.execute(db);
  return rows[0]?.cache ?? 1;
}

/**
 * PostgreSQL: the virtual transaction id of every client transaction open now on this database, other than the
 * caller's. Every transaction holds its virtualxid lock from its first statement to its end, whether or not it
 * has written yet (the lock CREATE INDEX CONCURRENTLY waits on).
 */
export async function pgOpenTransactions(db: Db): Promise<string[]> {
  const { rows } = await sql<{ vxid: string }>`
    select l.virtualxid as vxid
    from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'virtualxid' and l.granted and l.pid <> pg_backend_pid()
      and a.datname = current_database() and a.backend_type = 'client backend'`.execute(db);
  return rows.map((r) => r.vxid);
}
