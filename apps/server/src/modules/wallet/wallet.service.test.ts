import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riel } from '@lotto59/domain';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/databases';
import { rawSqliteOf } from '../../db/create-db';
import { systemClock } from '../../platform/clock';
import { newLedgerPlayer } from '../../../test/ledger-players';
import { WalletService } from './wallet.service';
import { createStakeBatchWriter } from './wallet.public';

/** SQLite: the synchronous transfers a move lane gives its units (undefined on PostgreSQL). */
function sqliteTransfersOf(wallet: WalletService, db: TestDatabase['db']) {
  const writes = createStakeBatchWriter({ db, clock: systemClock, accounts: wallet });
  return wallet.moveLane({ writes }).sqliteTransfers;
}

describe.each(TEST_DIALECTS)('ledger on %s', (dialect) => {
  let tdb: TestDatabase;
  let wallet: WalletService;
  let nextPlayer = 0;

  beforeAll(async () => {
    tdb = await createTestDatabase(dialect);
    wallet = new WalletService(tdb.db, systemClock);
  });
  afterAll(() => tdb.drop());

  async function newPlayer(balance = 0): Promise<number> {
    nextPlayer += 1;
    return newLedgerPlayer(tdb.db, wallet, `p${nextPlayer}`, balance);
  }

  async function expectInvariants() {
    const report = await wallet.reconcile();
    expect(report.unbalanced).toEqual([]);
    expect(report.sumOfBalances).toBe(0);
    expect(report.negativePlayerAccounts).toBe(0);
    expect(report.ok).toBe(true);
  }

  it('on SQLite, the synchronous transfer writes the rows transferWithin writes, with its refusals', async () => {
    const transfers = sqliteTransfersOf(wallet, tdb.db);
    const sqlite = rawSqliteOf(tdb.db);
    if (dialect !== 'sqlite') {
      expect(transfers).toBeUndefined();
      return;
    }
    expect(transfers && sqlite).toBeTruthy();
    const inTransaction = <T>(work: () => T): T => sqlite!.transaction(work)();
    const player = await newPlayer(5_000);
    const cmd = (key: string, amount: number) => ({
      idempotencyKey: key,
      kind: 'provider_bet' as const,
      from: { playerId: player },
      to: { system: 'provider:3' as const },
      amount: riel(amount),
      reference: 'round-1',
    });
    const viaKysely = await wallet.transfer(cmd('kysely-1', 1_000));
    const viaSqlite = inTransaction(() => transfers!.transferWithin(cmd('sqlite-1', 1_000)));
    expect(viaSqlite).toMatchObject({ replayed: false, amount: 1_000, fromBalanceAfter: 3_000 });
    expect(viaSqlite.toBalanceAfter).toBe(viaKysely.toBalanceAfter + 1_000);
    const rows = await tdb.db
      .selectFrom('transfers')
      .select(['request_hash', 'kind', 'from_account_id', 'to_account_id', 'amount', 'reference', 'note'])
      .where('idempotency_key', 'in', ['kysely-1', 'sqlite-1'])
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(rows[0]);
    // The same key: the first answer, nothing moved; with another request: refused.
    expect(inTransaction(() => transfers!.transferWithin(cmd('sqlite-1', 1_000)))).toEqual({
      ...viaSqlite,
      replayed: true,
    });
    expect(() => inTransaction(() => transfers!.transferWithin(cmd('sqlite-1', 2_000)))).toThrow(
      expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REUSED' }),
    );
    // Not covered: refused after the provider's credit, which the caller's transaction rolls back.
    expect(() => inTransaction(() => transfers!.transferWithin(cmd('sqlite-over', 3_001)))).toThrow(
      expect.objectContaining({ code: 'INSUFFICIENT_FUNDS' }),
    );
    expect(transfers!.playerBalance(player)).toBe(3_000);
    expect(await wallet.playerBalance(player)).toBe(3_000);
    await expectInvariants();
  });

  it('moves money between two accounts and records balances after', async () => {
    const player = await newPlayer(10_000);
    const receipt = await wallet.transfer({
      idempotencyKey: 'w-1',
      kind: 'withdraw',
      from: { playerId: player },
      to: { system: 'cash' },
      amount: riel(2_500),
    });
    expect(receipt.replayed).toBe(false);
    expect(receipt.fromBalanceAfter).toBe(7_500);
    expect(await wallet.playerBalance(player)).toBe(7_500);
    await expectInvariants();
  });

  it('refuses a debit beyond the balance and changes nothing', async () => {
    const player = await newPlayer(1_000);
    await expect(
      wallet.transfer({
        idempotencyKey: 'w-over',
        kind: 'withdraw',
        from: { playerId: player },
        to: { system: 'cash' },
        amount: riel(1_001),
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Not enought money.' });
    expect(await wallet.playerBalance(player)).toBe(1_000);
    const row = await tdb.db
      .selectFrom('transfers')
      .select('id')
      .where('idempotency_key', '=', 'w-over')
      .executeTakeFirst();
    expect(row).toBeUndefined();
    await expectInvariants();
  });

  it('replays a reused key without moving money, and refuses the key for another request', async () => {
    const player = await newPlayer(5_000);
    const cmd = {
      idempotencyKey: 'idem-1',
      kind: 'withdraw' as const,
      from: { playerId: player },
      to: { system: 'cash' as const },
      amount: riel(1_000),
    };
    const first = await wallet.transfer(cmd);
    const second = await wallet.transfer(cmd);
    expect(second).toEqual({ ...first, replayed: true });
    expect(await wallet.playerBalance(player)).toBe(4_000);
    await expect(wallet.transfer({ ...cmd, amount: riel(2_000) })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await wallet.playerBalance(player)).toBe(4_000);
    await expectInvariants();
  });

  it('pays many credits in order with balances after each, and replays keys already used among them', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const credit = (playerId: number, amount: number, key: string) => ({
      playerId,
      amount: riel(amount),
      idempotencyKey: key,
    });
    const many = (credits: ReturnType<typeof credit>[]) =>
      tdb.db
        .transaction()
        .execute((trx) =>
          wallet.creditManyWithin(trx, { system: 'house' }, { kind: 'bet_payout', reference: 'r', credits }),
        );
    const first = await many([credit(a, 100, 'm:1'), credit(b, 200, 'm:2'), credit(a, 300, 'm:3')]);
    expect(first.map((r) => [r.replayed, r.amount, r.toBalanceAfter])).toEqual([
      [false, 100, 100],
      [false, 200, 200],
      [false, 300, 400],
    ]);
    expect(first[1]!.fromBalanceAfter - first[2]!.fromBalanceAfter).toBe(300);
    expect(new Set(first.map((r) => r.transferId)).size).toBe(3);
    // Again with a new key between the used ones: those answer as their first receipt, only m:4 is paid.
    const again = await many([credit(a, 100, 'm:1'), credit(b, 50, 'm:4'), credit(a, 300, 'm:3')]);
    expect(again[0]).toEqual({ ...first[0], replayed: true });
    expect(again[2]).toEqual({ ...first[2], replayed: true });
    expect(again[1]).toMatchObject({ replayed: false, amount: 50, toBalanceAfter: 250 });
    expect([await wallet.playerBalance(a), await wallet.playerBalance(b)]).toEqual([400, 250]);
    await expect(many([credit(b, 999, 'm:2')])).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await wallet.playerBalance(b)).toBe(250);
    await expectInvariants();
  });

  it('every door of the dialect writes the row `transfer` writes for the same movement', async () => {
    const player = await newPlayer();
    const payout = { kind: 'bet_payout' as const, reference: 'r-door' };
    const cmd = (key: string) => ({
      ...payout,
      idempotencyKey: key,
      from: { system: 'house' as const },
      to: { playerId: player },
      amount: riel(700),
    });
    await wallet.transfer(cmd('door-one'));
    await tdb.db.transaction().execute((trx) =>
      wallet.creditManyWithin(
        trx,
        { system: 'house' },
        {
          ...payout,
          credits: [{ playerId: player, amount: riel(700), idempotencyKey: 'door-many' }],
        },
      ),
    );
    const keys = ['door-one', 'door-many'];
    const sqlite = rawSqliteOf(tdb.db);
    if (sqlite) {
      sqlite.transaction(() => sqliteTransfersOf(wallet, tdb.db)!.transferWithin(cmd('door-sync')))();
      keys.push('door-sync');
    }
    const rows = await tdb.db
      .selectFrom('transfers')
      .select(['request_hash', 'kind', 'from_account_id', 'to_account_id', 'amount', 'reference', 'note'])
      .select(['to_balance_after'])
      .where('idempotency_key', 'in', keys)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.to_balance_after)).toEqual(keys.map((_, i) => 700 * (i + 1)));
    const sameMovement = rows.map(({ to_balance_after: _, ...movement }) => movement);
    for (const row of sameMovement) expect(row).toEqual(sameMovement[0]);
    await expectInvariants();
  });

  it('executes a concurrent duplicate once', async () => {
    const player = await newPlayer(5_000);
    const cmd = {
      idempotencyKey: 'dup-concurrent',
      kind: 'withdraw' as const,
      from: { playerId: player },
      to: { system: 'cash' as const },
      amount: riel(700),
    };
    const receipts = await Promise.all(Array.from({ length: 10 }, () => wallet.transfer(cmd)));
    expect(new Set(receipts.map((r) => r.transferId)).size).toBe(1);
    expect(receipts.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await wallet.playerBalance(player)).toBe(4_300);
    await expectInvariants();
  });

  it('accepts exactly floor(B/s) of 50 concurrent debits against one balance', async () => {
    const stake = 300;
    const balance = 4_000; // covers 13 debits of 300
    const player = await newPlayer(balance);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        wallet.transfer({
          idempotencyKey: `race-${player}-${i}`,
          kind: 'bet_stake',
          from: { playerId: player },
          to: { system: 'house' },
          amount: riel(stake),
        }),
      ),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(accepted).toHaveLength(Math.floor(balance / stake));
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    }
    expect(await wallet.playerBalance(player)).toBe(balance % stake);
    await expectInvariants();
  });

  it('keeps transfers immutable at the schema level', async () => {
    const player = await newPlayer(100);
    await expect(
      tdb.db
        .updateTable('transfers')
        .set({ amount: riel(1) })
        .execute(),
    ).rejects.toThrow(/immutable/);
    await expect(tdb.db.deleteFrom('transfers').execute()).rejects.toThrow(/immutable/);
    expect(await wallet.playerBalance(player)).toBe(100);
  });

  it('refuses a negative player balance at the schema level', async () => {
    const player = await newPlayer(100);
    await expect(
      tdb.db
        .updateTable('accounts')
        .set({ balance: riel(-1) })
        .where('player_id', '=', player)
        .execute(),
    ).rejects.toThrow();
    expect(await wallet.playerBalance(player)).toBe(100);
  });

  it('finds an account whose balance was tampered with', async () => {
    const player = await newPlayer(100);
    await tdb.db
      .updateTable('accounts')
      .set({ balance: riel(150) })
      .where('player_id', '=', player)
      .execute();
    const report = await wallet.reconcile();
    expect(report.ok).toBe(false);
    expect(report.unbalanced).toEqual([
      expect.objectContaining({ code: `player:${player}`, balance: 150, computed: 100 }),
    ]);
    await tdb.db
      .updateTable('accounts')
      .set({ balance: riel(100) })
      .where('player_id', '=', player)
      .execute();
    await expectInvariants();
  });
});
