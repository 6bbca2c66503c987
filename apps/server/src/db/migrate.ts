import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database, Dialect } from './database';
import { withSchemaScopedIntrospection } from './schema-scoped-introspection';
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
import { processRuntimeSchema } from './migrations/0015-process-runtime';
import { pushSubscriptionsSchema } from './migrations/0020-push-subscriptions';
import { fishingEdgesSchema } from './migrations/0012-fishing-edges';
import { seamlessRoundRulesSchema } from './migrations/0013-seamless-round-rules';
import { ratesAtSaleSchema } from './migrations/0014-rates-at-sale';
import { ledgerSealsSchema } from './migrations/0017-ledger-seals';
import { statementIndex } from './migrations/0018-statement-index';
import { favouriteNumbersSchema } from './migrations/0021-favourite-numbers';
import { responsibleGamingSchema } from './migrations/0019-responsible-gaming';

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
  '0012-fishing-edges': fishingEdgesSchema,
  '0013-seamless-round-rules': seamlessRoundRulesSchema,
  '0014-rates-at-sale': ratesAtSaleSchema,
  '0015-process-runtime': processRuntimeSchema,
  '0017-ledger-seals': ledgerSealsSchema,
  '0018-statement-index': statementIndex,
  '0019-responsible-gaming': responsibleGamingSchema,
  '0020-push-subscriptions': pushSubscriptionsSchema,
  '0021-favourite-numbers': favouriteNumbersSchema,
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
  const migrator = new Migrator({
    db: migrationTableSchema ? withSchemaScopedIntrospection(db, migrationTableSchema) : db,
    provider: new InCodeMigrationProvider(dialect),
    migrationTableSchema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
