import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';
import { CSV_BATCH } from './statement.service';

/**
 * A heavy player's year: about 550 movements a day for 365 days, ten times the heaviest player of the reads
 * benchmark (4,600 bets a month).
 */
const MOVEMENTS = 200_000;
const DAY_MS = 86_400_000;

// A full collection on demand, so that what is measured is the heap still in use, not garbage not yet swept.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/*
 * The CSV of a year of a heavy player is written as it is read, in constant memory: the server's heap grows
 * by far less than the file while the whole file goes through (the client here keeps only a byte count).
 */
describe.each(TEST_DIALECTS)('the statement CSV of a heavy year on %s', (dialect) => {
  let t: TestContext;
  let browser: TestBrowser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const heavy = await t.newPlayer();
    browser = new TestBrowser(t.app);
    await browser.login(heavy.username, heavy.password);
    const { db } = t.tdb;
    const player = await db
      .selectFrom('accounts')
      .select('id')
      .where('player_id', '=', heavy.id)
      .executeTakeFirstOrThrow();
    const slot = await db
      .selectFrom('accounts')
      .select('id')
      .where('code', '=', 'provider:3')
      .executeTakeFirstOrThrow();
    // The fake clock's now is 2026-11-21 (Phnom Penh): the year before it, evenly. Rows written directly
    // (the ledger refuses updates and deletes, not inserts): stakes and wins of a slot, alternating.
    const startMs = t.clock.nowMs() - 365 * DAY_MS;
    const stepMs = Math.floor((365 * DAY_MS) / MOVEMENTS);
    await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${sql.lit(MOVEMENTS - 1)})
      insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
        from_balance_after, to_balance_after, reference, note, created_at_ms)
      select 'heavy:' || i, 'h', case when i % 2 = 0 then 'provider_bet' else 'provider_win' end,
        case when i % 2 = 0 then ${sql.lit(Number(player.id))} else ${sql.lit(Number(slot.id))} end,
        case when i % 2 = 0 then ${sql.lit(Number(slot.id))} else ${sql.lit(Number(player.id))} end,
        1000 + i % 7, 5000000, 5000000, 'slot-round-' || (i / 2), null, ${sql.lit(startMs)} + cast(i as bigint) * ${sql.lit(stepMs)}
      from n`.execute(db);
    // What autovacuum does after such a load: the planner then knows the table is large.
    if (dialect === 'postgres') await sql`analyze transfers`.execute(db);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  }, 300_000);
  afterAll(() => t.close());

  it('streams every row of the year while the heap stays far below the file', async () => {
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const from = new Date(t.clock.nowMs() - 365 * DAY_MS + 7 * 3_600_000).toISOString().slice(0, 10);
    const to = new Date(t.clock.nowMs() + 7 * 3_600_000).toISOString().slice(0, 10);
    const heapBefore = liveHeap();
    let heapPeak = heapBefore;
    let bytes = 0;
    let newlines = 0;
    const res = await fetch(`${base}/api/statement.csv?from=${from}&to=${to}&lang=en`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let first: Uint8Array | undefined;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      first ??= value;
      bytes += value.byteLength;
      for (const b of value) if (b === 0x0a) newlines += 1;
      // Every megabyte or so, the heap in use while the file is being written.
      if (Math.floor(bytes / 1e6) !== Math.floor((bytes - value.byteLength) / 1e6)) {
        heapPeak = Math.max(heapPeak, liveHeap());
      }
    }
    expect(Buffer.from(first!.subarray(0, 3))).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    // The header and every movement of the year, each on its line.
    expect(newlines).toBe(1 + MOVEMENTS);
    expect(bytes).toBeGreaterThan(12_000_000);
    const growth = heapPeak - heapBefore;
    console.log(
      `statement CSV on ${dialect}: ${MOVEMENTS} rows, ${(bytes / 1e6).toFixed(1)} MB, live heap peak +${(growth / 1e6).toFixed(1)} MB (batches of ${CSV_BATCH})`,
    );
    // Held whole, the file alone would take more than its size in the heap (its rows as objects, more); a
    // constant few megabytes are the connection's and the stream's buffers, whatever the file's length.
    expect(growth).toBeLessThan(Math.min(8_000_000, bytes / 2));
  }, 300_000);
});
