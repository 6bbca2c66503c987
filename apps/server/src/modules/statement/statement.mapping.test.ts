import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATEMENT_PRODUCTS } from '@lotto59/contract';
import { describe, expect, it } from 'vitest';
import { PROVIDER_CODES } from '../providers/providers.public';
import { TRANSFER_KINDS } from '../wallet/wallet.public';
import {
  TRANSFER_KIND_MAPPING,
  describeMovement,
  providerProductOf,
  transferKindsFor,
} from './statement.mapping';

/** Column names a Kysely insert names as text: not kinds. */
const TRANSFER_COLUMNS = new Set([
  'idempotency_key',
  'request_hash',
  'from_account_id',
  'to_account_id',
  'from_balance_after',
  'to_balance_after',
  'created_at_ms',
]);

const SRC = fileURLToPath(new URL('../../', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Every transfer kind the server's code writes, wherever it is written: a command's `kind: '…'` next to its
 * idempotency key or request hash (TypeScript), and the kinds written as SQL text in `insert into transfers`
 * statements (the stake batches). Read from the source, so a kind added without the list is found here.
 */
function kindsWrittenBySource(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (kind: string, file: string) =>
    found.set(kind, [...(found.get(kind) ?? []), relative(SRC, file)]);
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    // `kind: 'x'`, and a `kind: 'x' | 'y'` parameter (the cashier's), near a key or a request hash.
    for (const m of text.matchAll(/\bkind:\s*('[a-z][a-z_]*'(?:\s*\|\s*'[a-z][a-z_]*')*)/g)) {
      const around = text.slice(Math.max(0, m.index - 500), m.index + 500);
      if (!/idempotencyKey|requestHash\(/.test(around)) continue;
      for (const lit of m[1]!.matchAll(/'([a-z_]+)'/g)) add(lit[1]!, file);
    }
    for (const m of text.matchAll(/insert into transfers/gi)) {
      for (const lit of text.slice(m.index, m.index + 700).matchAll(/'([a-z]+_[a-z_]+)'/g)) {
        if (!TRANSFER_COLUMNS.has(lit[1]!)) add(lit[1]!, file);
      }
    }
  }
  return found;
}

describe('statement mapping of transfer kinds', () => {
  it('has an entry for every transfer kind the code writes, and the list is exactly what the code writes', () => {
    const written = kindsWrittenBySource();
    const unmapped = [...written.keys()].filter((k) => !Object.hasOwn(TRANSFER_KIND_MAPPING, k));
    expect(
      unmapped,
      `kinds written with no statement mapping: ${JSON.stringify(Object.fromEntries(written))}`,
    ).toEqual([]);
    expect([...written.keys()].sort()).toEqual([...TRANSFER_KINDS].sort());
    for (const kind of TRANSFER_KINDS) expect(Object.hasOwn(TRANSFER_KIND_MAPPING, kind)).toBe(true);
  });

  it('leaves only movements between system accounts off the statement', () => {
    const off = TRANSFER_KINDS.filter((k) => TRANSFER_KIND_MAPPING[k] === null);
    expect(off.sort()).toEqual(['jackpot_feed', 'jackpot_seed']);
  });

  it('gives every provider a product, and a provider move that product', () => {
    for (const code of PROVIDER_CODES) expect(providerProductOf(`provider:${code}`)).toBeDefined();
    expect(providerProductOf('provider:3')).toBe('SLOT');
    expect(providerProductOf('provider:sport')).toBe('SPORT');
    expect(providerProductOf('house')).toBeUndefined();
    const row = { kind: 'provider_win', reference: 'r-1', idempotency_key: 'k' };
    expect(describeMovement(row, 'provider:2')).toEqual({
      product: 'CASINO',
      kind: 'PAYOUT',
      reference: { type: 'PROVIDER_ROUND', id: 'r-1' },
    });
    // An unknown kind or account is no row (never a crash, never a guess).
    expect(describeMovement({ ...row, kind: 'bonus' }, 'provider:2')).toBeUndefined();
    expect(describeMovement(row, 'house')).toBeUndefined();
  });

  it('finds a transfer kind for every product and a product for every statement kind it names', () => {
    for (const product of STATEMENT_PRODUCTS) expect(transferKindsFor({ product }).length).toBeGreaterThan(0);
    expect(transferKindsFor({ product: 'CASHIER', kind: 'STAKE' })).toEqual([]);
    expect(transferKindsFor({ kind: 'TRANSFER_IN' })).toEqual(['provider_transfer_in']);
  });

  it('names a lotto 59 stake by its ticket when known, else by its round', () => {
    const stake = { kind: 'bet_stake', reference: 'lotto59-round:42', idempotency_key: 'bet-stake:abc:7' };
    expect(describeMovement(stake, 'house', 901)?.reference).toEqual({ type: 'LOTTO59_TICKET', id: '901' });
    expect(describeMovement(stake, 'house')?.reference).toEqual({ type: 'LOTTO59_ROUND', id: '42' });
    const voidRefund = {
      kind: 'lottery_refund',
      reference: 'lottery-draw:5',
      idempotency_key: 'lottery:void:ticket:77',
    };
    expect(describeMovement(voidRefund, 'house')?.reference).toEqual({ type: 'LOTTERY_TICKET', id: '77' });
  });
});
