import { join } from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Test-only ledger movements of provider games for the statement's browser test. Playing a casino round, a
 * slot spin, a sport slip and a fishing transfer through the studio takes minutes per product, and an
 * operator command that moves money as a game would is a way to fake play in production; so, as
 * e2e/casino-support.ts does for rounds, the test writes what the wallet writes, into the e2e server's SQLite
 * file, the wallet's way: in one transaction, the player's conditional debit (or credit), the other
 * account's move, and the transfer row with both balances after. The ledger still reconciles.
 */
export interface SeedMove {
  kind: 'provider_bet' | 'provider_win' | 'provider_transfer_in' | 'provider_transfer_out';
  /** `provider:2` (casino), `provider:3` (slots), `provider:sport`, `float:4` (fishing transfers). */
  account: string;
  amount: number;
  reference: string;
}

export function seedMoves(username: string, moves: readonly SeedMove[]): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new SQLite(join(dataDir, 'lotto59.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const player = db
      .prepare(`select a.id from accounts a join players p on p.id = a.player_id where p.username_key = ?`)
      .get(username.toLowerCase()) as { id: number } | undefined;
    if (!player) throw new Error(`no player ${username}`);
    const accountOf = db.prepare('select id from accounts where code = ?');
    const debit = db.prepare(
      'update accounts set balance = balance - ? where id = ? and (may_go_negative = 1 or balance >= ?) returning balance',
    );
    const credit = db.prepare('update accounts set balance = balance + ? where id = ? returning balance');
    const insert = db.prepare(
      `insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
         from_balance_after, to_balance_after, reference, note, created_at_ms) values (?, 'e2e', ?, ?, ?, ?, ?, ?, ?, null, ?)`,
    );
    db.transaction(() => {
      for (const [i, m] of moves.entries()) {
        const other = accountOf.get(m.account) as { id: number } | undefined;
        if (!other) throw new Error(`no account ${m.account}`);
        const paid = m.kind === 'provider_bet' || m.kind === 'provider_transfer_in';
        const [from, to] = paid ? [player.id, other.id] : [other.id, player.id];
        const fromAfter = debit.get(m.amount, from, m.amount) as { balance: number } | undefined;
        if (!fromAfter) throw new Error(`account ${from} cannot pay ${m.amount}`);
        const toAfter = credit.get(m.amount, to) as { balance: number };
        const key = `e2e:${username}:${m.reference}:${m.kind}`;
        insert.run(
          key,
          m.kind,
          from,
          to,
          m.amount,
          fromAfter.balance,
          toAfter.balance,
          m.reference,
          Date.now() + i,
        );
      }
    })();
  } finally {
    db.close();
  }
}
