import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riel } from '@lotto59/domain';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/databases';
import { newLedgerPlayer } from '../../../test/ledger-players';
import { openPostgres, type DbHandle } from '../../db/create-db';
import { systemClock } from '../../platform/clock';
import { WalletService } from '../wallet/wallet.public';
import { RgGuard } from './rg.guard';

/*
 * A stake's responsible-gaming check run by the wallet before it locks any account (decision 0050): taken with
 * the stake, refused with the room left and nothing moved, and on PostgreSQL inside the transfer's first
 * statement (the lottery ticket's and provider 4's transfer in: no round trip of its own).
 */
describe.each(TEST_DIALECTS)('the debit guard on %s', (dialect) => {
  let tdb: TestDatabase;
  /** PostgreSQL: a second handle on the same schema that records every statement it sends. */
  let logged: DbHandle | undefined;
  const sent: CompiledQuery[] = [];
  let wallet: WalletService;
  let rg: RgGuard;
  let playerId: number;

  beforeAll(async () => {
    tdb = await createTestDatabase(dialect);
    if (dialect === 'postgres')
      logged = openPostgres(tdb.env.DATABASE_URL!, { log: (event) => void sent.push(event.query) });
    const db = logged?.db ?? tdb.db;
    wallet = new WalletService(db, systemClock);
    rg = new RgGuard(db, systemClock);
    playerId = await newLedgerPlayer(db, wallet, 'guarded', 100_000);
    await db
      .insertInto('rg_players')
      .values({ player_id: playerId, wager_day: riel(10_000) })
      .execute();
  });
  afterAll(async () => {
    await logged?.close();
    await tdb.drop();
  });

  const stake = (key: string, amount: number) =>
    (logged?.db ?? tdb.db).transaction().execute((trx) =>
      wallet.transferWithin(
        trx,
        {
          idempotencyKey: key,
          kind: 'lottery_stake',
          from: { playerId },
          to: { system: 'house' },
          amount: riel(amount),
        },
        rg.debitGuard(playerId, 'LOTTERY_TICKET', amount),
      ),
    );

  it('takes a stake within the room and counts it; refuses one past it with the room left, moving nothing', async () => {
    sent.length = 0;
    const receipt = await stake('a', 6_000);
    expect(receipt.fromBalanceAfter).toBe(94_000);
    if (dialect === 'postgres') {
      // The transaction's statements: the guarded key lookup, the two account updates, the transfer row.
      const texts = sent
        .map((q) => q.sql.replace(/\s+/g, ' ').trim())
        .filter((t) => !/^(begin|commit)/i.test(t));
      // The player's account id is read once (then kept); the guard rides on the key's lookup, before the
      // accounts are locked; then the two account updates and the transfer row.
      const guarded = texts.findIndex((t) => /^with rg_stake as \(insert into rg_players /.test(t));
      expect(texts[guarded]).toMatch(
        /from \(select 1\) as one left join transfers t on t.idempotency_key = /,
      );
      expect(texts.filter((t) => /rg_players/.test(t))).toHaveLength(1);
      expect(texts.slice(guarded + 1).map((t) => t.split(' ').slice(0, 2).join(' '))).toEqual([
        'update "accounts"',
        'update "accounts"',
        'insert into',
      ]);
    }
    await expect(stake('b', 4_001)).rejects.toMatchObject({
      code: 'LIMIT_REACHED',
      options: { details: { remaining: 4_000 } },
    });
    expect(await wallet.playerBalance(playerId)).toBe(94_000);
    await stake('c', 4_000);
    const row = await tdb.db
      .selectFrom('rg_players')
      .select('day_wager')
      .where('player_id', '=', playerId)
      .executeTakeFirstOrThrow();
    expect(Number(row.day_wager)).toBe(10_000);
  });
});
