import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database, Dialect } from './database';
import { initialSchema } from './migrations/0001-initial';
import { analyticsSchema } from './migrations/0002-analytics';
import { lotto59Schema } from './migrations/0003-lotto59';
import { leanBetIndexes } from './migrations/0004-lean-bet-indexes';
import { providersSchema } from './migrations/0005-providers';
import { lotterySchema } from './migrations/0006-lottery';
import { transferWalletSchema } from './migrations/0007-transfer-wallet';
import { clusterProcessesSchema } from './migrations/0008-cluster-processes';
import { roundOutcomesSchema } from './migrations/0009-round-outcomes';
import { lotteryItemWinsSchema } from './migrations/0010-lottery-item-wins';
import { revealedRoundsIndex } from './migrations/0011-revealed-rounds-index';

/** Migrations in order. Each is frozen once released: later changes are new migrations. */
const MIGRATIONS: Record<string, (dialect: Dialect) => Migration> = {
  '0001-initial': initialSchema,
  '0002-analytics': analyticsSchema,
  '0003-lotto59': lotto59Schema,
  '0004-lean-bet-indexes': leanBetIndexes,
  '0005-providers': providersSchema,
  '0006-lottery': lotterySchema,
  '0007-transfer-wallet': transferWalletSchema,
  '0008-cluster-processes': clusterProcessesSchema,
  '0009-round-outcomes': roundOutcomesSchema,
  '0010-lottery-item-wins': lotteryItemWinsSchema,
  '0011-revealed-rounds-index': revealedRoundsIndex,
};

class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(
      Object.fromEntries(Object.entries(MIGRATIONS).map(([name, make]) => [name, make(this.dialect)])),
    );
  }
}

/** Brings the schema up to date; safe to run from several processes (Kysely locks the migration table). */
export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  // Kysely looks for its own tables in every schema unless told which one: on a PostgreSQL server that
  // holds several schemas (one per test file), another schema's tables would be taken for ours.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(dialect), migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
