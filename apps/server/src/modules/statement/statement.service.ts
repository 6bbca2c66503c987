import {
  STATEMENT_CSV_MAX_DAYS,
  STATEMENT_PRODUCTS,
  type Statement,
  type StatementCsvQuery,
  type StatementKind,
  type StatementProduct,
  type StatementProductTotal,
  type StatementQuery,
  type StatementRow,
} from '@lotto59/contract';
import { localDateOf, riel } from '@lotto59/domain';
import type { Executor } from '../../db/database';
import type { ReadDb } from '../../db/read-db';
import { AppError } from '../../errors/app-error';
import { localDateRange, pageMeta } from '../../http/list-query';
import {
  PROVIDER_TRANSFER_KINDS,
  describeMovement,
  providerAccountsOf,
  transferKindsFor,
} from './statement.mapping';
import * as repo from './statement.repository';

/** Rows per read of the CSV's walk: what one file holds in memory at a time, whatever its length. */
export const CSV_BATCH = 500;

/** Players whose account id is kept (about 3 MB at most). */
const ACCOUNT_IDS_KEPT = 100_000;

interface Filters {
  from?: string | undefined;
  to?: string | undefined;
  product?: StatementProduct | undefined;
  kind?: StatementKind | undefined;
}

/**
 * The player's one statement (`GET /api/statement`, `GET /api/statement.csv`; decision 0049): every ledger
 * transfer of their account, newest first, read from the ledger's rows (its balance column is the wallet's).
 * Reads run on the replica unless the player wrote lately (read-your-writes), like the other lists.
 */
export class StatementService {
  /** Account id → code of the system accounts (they are never renamed; a new one is read on a miss). */
  private systemCodes = new Map<number, string>();
  private readonly accountIds = new Map<number, number>();

  constructor(
    private readonly reads: ReadDb,
    private readonly timeZone: string,
  ) {}

  async list(playerId: number, query: StatementQuery): Promise<Statement> {
    const range = localDateRange(query.from, query.to, this.timeZone);
    const ex = await this.reads.forPlayer(playerId);
    const filter = await this.filterOf(ex, playerId, query, range);
    if (!filter) return { items: [], meta: pageMeta(query.page, query.per_page, 0), totals: [], daily: [] };
    const offset = (query.page - 1) * query.per_page;
    const { rows, buckets } = await repo.statementPageAndBuckets(ex, filter, {
      limit: query.per_page,
      offset,
    });
    const { totals, daily, count } = await this.aggregate(ex, buckets);
    return {
      items: await this.describe(ex, rows),
      meta: pageMeta(query.page, query.per_page, count),
      totals,
      daily,
    };
  }

  /**
   * The CSV's rows, newest first, `CSV_BATCH` at a time from a keyset cursor: the file is written as it is
   * read and never held whole. The range is checked before the first row (a refusal is still a 422).
   */
  async csvRows(playerId: number, query: StatementCsvQuery): Promise<AsyncIterable<StatementRow>> {
    // localDateRange bounds the days between the two dates; the file's days count both ends.
    const range = localDateRange(query.from, query.to, this.timeZone, STATEMENT_CSV_MAX_DAYS - 1);
    const ex = await this.reads.forPlayer(playerId);
    const filter = await this.filterOf(ex, playerId, query, range);
    const describe = (rows: repo.StatementDbRow[]) => this.describe(ex, rows);
    return {
      async *[Symbol.asyncIterator]() {
        if (!filter) return;
        let cursor: repo.StatementCursor | undefined;
        for (;;) {
          const rows = await repo.statementRows(ex, filter, { limit: CSV_BATCH, cursor });
          yield* await describe(rows);
          if (rows.length < CSV_BATCH) return;
          const last = rows.at(-1)!;
          cursor = { createdAtMs: last.created_at_ms, id: last.id };
        }
      },
    };
  }

  private async filterOf(
    ex: Executor,
    playerId: number,
    query: Filters,
    range: { fromMs: number | undefined; toMs: number | undefined },
  ): Promise<repo.StatementFilter | undefined> {
    const accountId = await this.accountIdOf(ex, playerId);
    const kinds = transferKindsFor({ product: query.product, kind: query.kind });
    if (kinds.length === 0) return undefined;
    let narrowed: repo.StatementFilter['narrowed'];
    if (query.product !== undefined) {
      const codes = new Set(providerAccountsOf(query.product));
      const ids = [...(await this.codes(ex)).entries()].filter(([, c]) => codes.has(c)).map(([id]) => id);
      narrowed = { kinds: PROVIDER_TRANSFER_KINDS, otherAccountIds: ids };
    }
    return { playerId, accountId, ...range, kinds, narrowed };
  }

  private async describe(ex: Executor, rows: repo.StatementDbRow[]): Promise<StatementRow[]> {
    const codes = await this.codes(
      ex,
      rows.map((r) => r.other_account_id),
    );
    const out: StatementRow[] = [];
    for (const r of rows) {
      const m = describeMovement(r, codes.get(r.other_account_id) ?? '', r.ticket ?? undefined);
      // The filter lists mapped kinds only, so every row read has a meaning.
      if (!m) continue;
      out.push({
        id: r.id,
        at: new Date(r.created_at_ms).toISOString(),
        ...m,
        amount: riel(r.paid ? -r.amount : r.amount),
        balance_after: r.balance_after,
      });
    }
    return out;
  }

  private async aggregate(ex: Executor, buckets: repo.StatementBucket[]) {
    const codes = await this.codes(
      ex,
      buckets.map((b) => b.other_account_id),
    );
    const totals = new Map<StatementProduct, StatementProductTotal>();
    const days = new Map<string, number>();
    let count = 0;
    for (const b of buckets) {
      const m = describeMovement(
        { kind: b.kind, reference: null, idempotency_key: '' },
        codes.get(b.other_account_id) ?? '',
      );
      if (!m) continue;
      const signed = b.paid ? -b.amount : b.amount;
      const t = totals.get(m.product) ?? {
        product: m.product,
        count: 0,
        credit: riel(0),
        debit: riel(0),
        net: riel(0),
      };
      t.count += b.count;
      if (signed >= 0) t.credit = riel(t.credit + signed);
      else t.debit = riel(t.debit + signed);
      t.net = riel(t.credit + t.debit);
      totals.set(m.product, t);
      const date = localDateOf(b.bucket * repo.STATEMENT_BUCKET_MS, this.timeZone);
      days.set(date, (days.get(date) ?? 0) + signed);
      count += b.count;
    }
    return {
      count,
      totals: STATEMENT_PRODUCTS.flatMap((p) => totals.get(p) ?? []),
      daily: [...days.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([date, net]) => ({ date, net: riel(net) })),
    };
  }

  /** A player's account id: written once with the player, never changed, so kept (a query less per request). */
  private async accountIdOf(ex: Executor, playerId: number): Promise<number> {
    const known = this.accountIds.get(playerId);
    if (known !== undefined) return known;
    const account = await repo.playerAccountId(ex, playerId);
    if (!account) throw new AppError('NOT_FOUND', 'Account not found.');
    // A bound on the memory it takes: past it, start again (the next requests read them once more).
    if (this.accountIds.size >= ACCOUNT_IDS_KEPT) this.accountIds.clear();
    this.accountIds.set(playerId, Number(account.id));
    return Number(account.id);
  }

  /** The codes of the system accounts, read again when an id is not known yet (a provider's first move). */
  private async codes(ex: Executor, ids: readonly number[] = []): Promise<Map<number, string>> {
    if (this.systemCodes.size === 0 || ids.some((id) => !this.systemCodes.has(id))) {
      this.systemCodes = new Map((await repo.systemAccounts(ex)).map((a) => [Number(a.id), a.code]));
    }
    return this.systemCodes;
  }
}
