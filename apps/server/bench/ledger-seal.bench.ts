import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { rawSqliteOf } from '../src/db/create-db';
import { migrateToLatest } from '../src/db/migrate';
import { LedgerService, publicKeyFromHex, SEAL_MAX_ROWS } from '../src/modules/ledger/ledger.module';
import { sealKeyFromSeed } from '../src/modules/ledger/seal-key';
import { systemClock } from '../src/platform/clock';
import { openBenchDatabase } from './bench-database';
import { loadAverage1m } from './machine';

export interface LedgerSealFigures {
  dialect: string;
  /** One seal of `sealRows` transfers (reads, tree, signature, insert). */
  sealRows: number;
  sealMs: number;
  /** CPU of this process during that seal (PostgreSQL hashes the leaves in its own process, not counted). */
  sealCpuMs: number;
  /** The whole ledger of `verifyRows` transfers: written by the bench, sealed, then `ops ledger verify`'s check. */
  verifyRows: number;
  generateMs: number;
  sealAllMs: number;
  seals: number;
  verifyMs: number;
  verifyCpuMs: number;
  verifyOk: boolean;
  load: [number, number];
}

/**
 * Writes `count` transfers after id `fromId` straight into the table (the wallet's path would take hours for
 * 10⁷): rows shaped like a bet's stake (a UUID-sized key, a SHA-256 hex request hash, a reference).
 */
async function writeTransfers(
  handle: Awaited<ReturnType<typeof openBenchDatabase>>['handle'],
  from: number,
  to: number,
  accounts: [number, number],
): Promise<void> {
  const [a, b] = accounts;
  const sqlite = rawSqliteOf(handle.db);
  if (sqlite) {
    const insert = sqlite.prepare(
      `insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
         from_balance_after, to_balance_after, reference, note, created_at_ms)
       values (?, ?, 'bet_stake', ?, ?, 500, ?, ?, ?, null, ?)`,
    );
    const chunk = sqlite.transaction((lo: number, hi: number) => {
      for (let i = lo; i <= hi; i++) {
        insert.run(
          `bench-${String(i).padStart(30, '0')}`,
          randomBytes(32).toString('hex'),
          a,
          b,
          -500 * i,
          500 * i,
          `lotto59:bet:${String(i)}`,
          1_795_000_000_000 + i,
        );
      }
    });
    for (let lo = from; lo <= to; lo += 100_000) chunk(lo, Math.min(to, lo + 99_999));
    return;
  }
  for (let lo = from; lo <= to; lo += 500_000) {
    const hi = Math.min(to, lo + 499_999);
    await sql`insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
        from_balance_after, to_balance_after, reference, note, created_at_ms)
      select 'bench-' || lpad(g::text, 30, '0'), md5(g::text) || md5((-g)::text), 'bet_stake', ${a}, ${b}, 500,
        -500 * g, 500 * g, 'lotto59:bet:' || g, null, 1795000000000 + g
      from generate_series(${lo}::bigint, ${hi}::bigint) g`.execute(handle.db);
  }
}

/**
 * The sealed ledger's own costs: one seal of SEAL_MAX_ROWS (10⁵) transfers, and `ops ledger verify` over a ledger of
 * `verifyRows` transfers (issue 25's targets: < 1 s, and < 60 s at 10⁷). Figures only, no assertion.
 */
export async function benchLedgerSeal(opts: {
  databaseUrl?: string | undefined;
  verifyRows: number;
}): Promise<LedgerSealFigures> {
  const database = await openBenchDatabase(opts.databaseUrl);
  const { handle } = database;
  const load0 = loadAverage1m();
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const accountIds: number[] = [];
    // Two system accounts of the bench's own (the migrations made `house` and the others already).
    for (const code of ['provider:bench-a', 'provider:bench-b']) {
      const row = await handle.db
        .insertInto('accounts')
        .values({
          code,
          kind: 'provider',
          player_id: null,
          balance: 0 as never,
          may_go_negative: 1,
          created_at_ms: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      accountIds.push(row.id);
    }
    const accounts = accountIds as [number, number];
    const key = sealKeyFromSeed(randomBytes(32).toString('hex'), 'env');
    const ledger = new LedgerService(handle.db, systemClock, key, handle.dialect);

    const sealRows = SEAL_MAX_ROWS;
    const generated0 = performance.now();
    await writeTransfers(handle, 1, sealRows, accounts);
    let generateMs = performance.now() - generated0;
    const sealCpu0 = process.cpuUsage();
    const sealed0 = performance.now();
    const first = await ledger.sealPending();
    const sealMs = performance.now() - sealed0;
    const sealCpu = process.cpuUsage(sealCpu0);
    if (first.length !== 1 || first[0]!.count !== sealRows)
      throw new Error('the first seal should hold 10⁵ transfers');

    const verifyRows = Math.max(opts.verifyRows, sealRows);
    const generated1 = performance.now();
    await writeTransfers(handle, sealRows + 1, verifyRows, accounts);
    generateMs += performance.now() - generated1;
    const sealAll0 = performance.now();
    let seals = 1;
    for (let made = await ledger.sealPending(); made.length > 0; made = await ledger.sealPending())
      seals += made.length;
    const sealAllMs = performance.now() - sealAll0;

    const cpu0 = process.cpuUsage();
    const verify0 = performance.now();
    const report = await ledger.verify(publicKeyFromHex(key.publicKeyHex));
    const verifyMs = performance.now() - verify0;
    const cpu = process.cpuUsage(cpu0);
    if (report.ok && report.transfers !== verifyRows) throw new Error('verify did not read every transfer');
    return {
      dialect: handle.dialect,
      sealRows,
      sealMs,
      sealCpuMs: (sealCpu.user + sealCpu.system) / 1000,
      verifyRows,
      generateMs,
      sealAllMs,
      seals,
      verifyMs,
      verifyCpuMs: (cpu.user + cpu.system) / 1000,
      verifyOk: report.ok,
      load: [load0, loadAverage1m()],
    };
  } finally {
    await database.drop();
    await handle.close();
  }
}
