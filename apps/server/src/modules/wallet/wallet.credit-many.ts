import { assert, riel, type Riel } from '@lotto59/domain';
import type { Executor } from '../../db/database';
import { AppError } from '../../errors/app-error';
import {
  assertTransferAmount,
  receiptOfRow,
  replayOf,
  requestHash,
  type TransferReceipt,
} from './wallet.ledger';
import * as pg from './pg/credit.repository';
import * as repo from './wallet.repository';
import type { TransferKind } from './wallet.kinds';
import type { SqliteLedgerStatements } from './sqlite/ledger.repository';

export interface CreditManyCommand {
  /** What the movements are for (`bet_payout`, `bet_refund`, …). */
  kind: TransferKind;
  reference?: string | undefined;
  credits: readonly { playerId: number; amount: Riel; idempotencyKey: string }[];
}

/**
 * Many transfers from one account to players in one caller-held transaction, with a handful of
 * statements instead of five per transfer: the same rows `transferWithin` would write one by one (each
 * with its own idempotency key, request hash and both balances after, as if applied in order), and the
 * same lock order (the paying account first, then the players). Keys already used answer as replays.
 */
export async function creditManyWithin(
  trx: Executor,
  fromId: number,
  cmd: CreditManyCommand,
  nowMs: number,
  /** SQLite: the writes as prepared statements on the raw handle; else PostgreSQL's array statements. */
  sqlite?: SqliteLedgerStatements,
): Promise<TransferReceipt[]> {
  for (const c of cmd.credits) assertTransferAmount(c.amount);
  const accounts = new Map(
    (
      await (sqlite ? repo.findPlayerAccounts : pg.findPlayerAccounts)(trx, [
        ...new Set(cmd.credits.map((c) => c.playerId)),
      ])
    ).map((a) => [a.player_id!, a.id]),
  );
  const items = cmd.credits.map((c) => {
    const toId = accounts.get(c.playerId);
    if (toId === undefined) throw new AppError('NOT_FOUND', 'Account not found.');
    assert(toId !== fromId, 'a transfer needs two different accounts');
    const hash = requestHash({ kind: cmd.kind, fromId, toId, amount: c.amount, reference: cmd.reference });
    return { ...c, toId, hash };
  });
  const existing = new Map(
    (
      await (sqlite ? repo.findTransfersByKeys : pg.findTransfersByKeys)(
        trx,
        items.map((i) => i.idempotencyKey),
      )
    ).map((t) => [t.idempotency_key, t]),
  );
  const replays = new Map(
    items
      .filter((i) => existing.has(i.idempotencyKey))
      .map((i) => [i.idempotencyKey, replayOf(existing.get(i.idempotencyKey)!, i.hash)]),
  );
  const fresh = items.filter((i) => !existing.has(i.idempotencyKey));
  if (fresh.length === 0) return items.map((i) => replays.get(i.idempotencyKey)!);

  const total = riel(fresh.reduce((sum, i) => sum + i.amount, 0));
  const fromAfterAll = await repo.debitIfCovered(trx, fromId, total);
  if (fromAfterAll === undefined) throw new AppError('INSUFFICIENT_FUNDS');
  const perAccount = new Map<number, Riel>();
  for (const i of fresh) perAccount.set(i.toId, riel((perAccount.get(i.toId) ?? 0) + i.amount));
  const credits = [...perAccount]
    .sort(([a], [b]) => a - b)
    .map(([accountId, amount]) => ({ accountId, amount }));
  const credited = sqlite ? sqlite.creditMany(credits) : await pg.creditMany(trx, credits);
  // Balances after each transfer as if applied in order: the payer's falls step by step to its final
  // value; each player's rises to its final value with its last credit.
  const finalOf = new Map(credited.map((r) => [Number(r.id), r.balance]));
  const remaining = new Map(perAccount);
  let fromBalance = riel(fromAfterAll + total);
  const rows = fresh.map((i): repo.NewTransferRow => {
    fromBalance = riel(fromBalance - i.amount);
    const left = riel(remaining.get(i.toId)! - i.amount);
    remaining.set(i.toId, left);
    const toAfter = finalOf.get(i.toId);
    assert(toAfter !== undefined, 'every credited account answers');
    return {
      idempotency_key: i.idempotencyKey,
      request_hash: i.hash,
      kind: cmd.kind,
      from_account_id: fromId,
      to_account_id: i.toId,
      amount: i.amount,
      from_balance_after: fromBalance,
      to_balance_after: riel(toAfter - left),
      reference: cmd.reference ?? null,
      note: null,
      created_at_ms: nowMs,
    };
  });
  assert(fromBalance === fromAfterAll, 'the payer ends where the debit left it');
  const ids = sqlite ? sqlite.insertTransfers(rows) : await pgInsertedIds(trx, rows);
  // A receipt per fresh row with no copy of the row and no map by key unless some were replays: a lottery
  // draw pays 53,000 tickets, and building them through maps cost about a fifth of its credits.
  const receipts = rows.map((r, k) => receiptOfRow(r, ids[k]!, false));
  if (replays.size === 0) return receipts;
  const byKey = new Map(rows.map((r, k) => [r.idempotency_key, receipts[k]!]));
  return items.map((i) => replays.get(i.idempotencyKey) ?? byKey.get(i.idempotencyKey)!);
}

/** PostgreSQL's inserted ids in the order of `rows` (`insert … select … returning` promises no order). */
async function pgInsertedIds(trx: Executor, rows: readonly repo.NewTransferRow[]): Promise<number[]> {
  const idOf = new Map((await pg.insertTransfers(trx, rows)).map((r) => [r.idempotency_key, r.id]));
  return rows.map((r) => {
    const id = idOf.get(r.idempotency_key);
    assert(id !== undefined, 'every inserted transfer answers');
    return id;
  });
}
