import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database, Dialect } from './database';
import { initialSchema } from './migrations/0001-initial';

/** Migrations in order. Each is frozen once released: later changes are new migrations. */
const MIGRATIONS: Record<string, (dialect: Dialect) => Migration> = {
  '0001-initial': initialSchema,
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
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
