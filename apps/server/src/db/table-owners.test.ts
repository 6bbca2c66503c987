import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Who may write each table (docs/ARCHITECTURE.md: a module's repositories hold all its SQL, and only the
 * wallet writes `accounts` and `transfers`). A table's owner is the module whose `*.table.ts` declares its
 * row type, as `db/database.ts` imports it, so the map cannot drift from the schema's types. Every write
 * found in the server's source (Kysely's `insertInto`/`updateTable`/`deleteFrom`, and `insert into`,
 * `update`, `delete from` in SQL text) must be in a repository (or dialect folder) of the owner. Migrations,
 * the schema's frozen history, and tests are not looked at.
 */
const SRC = fileURLToPath(new URL('..', import.meta.url));

interface SourceFile {
  /** Relative to apps/server/src, with `/`. */
  path: string;
  text: string;
}

/** table → owning module, from the imports and the `Database` interface of db/database.ts. */
export function tableOwners(databaseTs: string): Map<string, string> {
  const moduleOfType = new Map<string, string>();
  for (const m of databaseTs.matchAll(/import type \{([^}]*)\} from '\.\.\/modules\/([^/']+)\/[^']+';/g)) {
    for (const name of m[1]!.split(',').map((n) => n.trim())) if (name) moduleOfType.set(name, m[2]!);
  }
  const body = /export interface Database \{([^}]*)\}/.exec(databaseTs)?.[1] ?? '';
  const owners = new Map<string, string>();
  for (const m of body.matchAll(/^\s*([a-z0-9_]+): (\w+);/gm)) {
    const owner = moduleOfType.get(m[2]!);
    if (!owner) throw new Error(`table ${m[1]!}: its row type ${m[2]!} is not imported from a module`);
    owners.set(m[1]!, owner);
  }
  return owners;
}

const KYSELY_WRITE = /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`]([a-z0-9_]+)/g;
const SQL_WRITE = /\b(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+"?([a-z0-9_]+)"?/gi;

/** May `path` write a table of `owner`? Its repositories and its dialect folders (sqlite/, pg/). */
function mayWrite(path: string, owner: string): boolean {
  if (!path.startsWith(`modules/${owner}/`)) return false;
  return path.endsWith('.repository.ts') || /\/(sqlite|pg)\//.test(path);
}

/** Every write of a known table by a file that may not write it, as `file: table`. */
export function writesOutsideOwners(files: readonly SourceFile[], owners: Map<string, string>): string[] {
  const found = new Set<string>();
  for (const file of files) {
    for (const pattern of [KYSELY_WRITE, SQL_WRITE]) {
      for (const m of file.text.matchAll(pattern)) {
        const table = m[1]!.toLowerCase();
        const owner = owners.get(table);
        // Words after `update` in prose (`update the …`) are not tables; only known tables count.
        if (owner && !mayWrite(file.path, owner)) found.add(`${file.path}: ${table} (owner: ${owner})`);
      }
    }
  }
  return [...found].sort();
}

function serverSources(dir = SRC): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): SourceFile[] => {
    const full = join(dir, entry.name);
    const path = relative(SRC, full).split(sep).join('/');
    if (entry.isDirectory()) return path === 'db/migrations' ? [] : serverSources(full);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return [{ path, text: readFileSync(full, 'utf8') }];
  });
}

describe('table owners', () => {
  const owners = tableOwners(readFileSync(join(SRC, 'db/database.ts'), 'utf8'));

  it('maps every table to the module that declares its row type', () => {
    expect(owners.get('accounts')).toBe('wallet');
    expect(owners.get('transfers')).toBe('wallet');
    expect(owners.get('lottery_item_wins')).toBe('lottery');
    expect(owners.get('provider_transfer')).toBe('providers');
    expect(owners.size).toBeGreaterThanOrEqual(24);
    const modules = new Set(readdirSync(join(SRC, 'modules')));
    for (const [table, owner] of owners) expect(modules.has(owner), `${table} → ${owner}`).toBe(true);
  });

  it('finds a write of another module’s table, and a write outside a repository', () => {
    const probe: SourceFile[] = [
      { path: 'modules/lotto59/probe.repository.ts', text: "db.insertInto('lotto59_bets'); // ok" },
      {
        path: 'modules/lotto59/probe.repository.ts',
        text: 'sql`with t as (insert into transfers (id) values (1)) update accounts set balance = 0`',
      },
      { path: 'modules/lottery/settlement/probe.service.ts', text: "trx.updateTable('lottery_tickets')" },
      { path: 'modules/players/probe.repository.ts', text: "ex.deleteFrom('sessions')" },
      { path: 'cli/probe.ts', text: 'sql`update players set disabled = 1`' },
      { path: 'modules/wallet/pg/ledger.ts', text: 'insert into transfers' },
      { path: 'modules/wallet/probe.service.ts', text: '// an update the ledger sees: update of nothing' },
    ];
    expect(writesOutsideOwners(probe, owners)).toEqual([
      'cli/probe.ts: players (owner: players)',
      'modules/lottery/settlement/probe.service.ts: lottery_tickets (owner: lottery)',
      'modules/lotto59/probe.repository.ts: accounts (owner: wallet)',
      'modules/lotto59/probe.repository.ts: transfers (owner: wallet)',
      'modules/players/probe.repository.ts: sessions (owner: auth)',
    ]);
  });

  it('the ledger writes its transfers in one file per dialect (issue 23)', () => {
    const writers = serverSources()
      .filter((file) =>
        [KYSELY_WRITE, SQL_WRITE].some((pattern) =>
          [...file.text.matchAll(pattern)].some((m) => m[1]!.toLowerCase() === 'transfers'),
        ),
      )
      .map((file) => file.path);
    expect(writers.sort()).toEqual([
      'modules/wallet/pg/insert-transfers.repository.ts',
      'modules/wallet/sqlite/ledger.repository.ts',
    ]);
  });

  it('no file of the server writes a table its module does not own, nor outside a repository', () => {
    const files = serverSources();
    expect(files.length).toBeGreaterThan(100);
    expect(writesOutsideOwners(files, owners)).toEqual([]);
  });
});
