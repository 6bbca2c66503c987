import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rules of eslint.config.js (docs/ARCHITECTURE.md), shown on throw-away files written into
 * the real tree (the rules resolve real paths), linted with ESLint's Node API, then removed. Each probe
 * also makes an import the rule must allow, so that a rule that fires on everything fails too.
 */
const ROOT = dirname(fileURLToPath(import.meta.url));
const PROBE = '__lint_probe__';

type Probe = Record<string, string>;

async function lint(files: Probe): Promise<Map<string, { ruleId: string | null; line: number }[]>> {
  const dirs = new Set(
    Object.keys(files).map((f) => join(ROOT, f.slice(0, f.indexOf(PROBE) + PROBE.length))),
  );
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(ROOT, file)), { recursive: true });
      writeFileSync(join(ROOT, file), text);
    }
    // A new instance reads eslint.config.js now, so the module list includes the probe folder.
    const eslint = new ESLint({ cwd: ROOT, cache: false });
    const results = await eslint.lintFiles(Object.keys(files));
    return new Map(
      results.map((r) => [
        r.filePath.slice(ROOT.length + 1),
        r.messages.map((m) => ({ ruleId: m.ruleId, line: m.line })),
      ]),
    );
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

const rulesAt = (messages: { ruleId: string | null; line: number }[] | undefined, line: number) =>
  (messages ?? []).filter((m) => m.line === line).map((m) => m.ruleId);

describe('the dependency rules of eslint.config.js', () => {
  it('fail on a circular import of values, not on a type-only one', async () => {
    const dir = `apps/server/src/modules/${PROBE}`;
    const found = await lint({
      [`${dir}/a.ts`]: "import { b } from './b';\nexport const a = (): number => b + 1;\n",
      [`${dir}/b.ts`]: "import { a } from './a';\nexport const b = 1;\nexport const c = (): number => a();\n",
      [`${dir}/c.ts`]: "import type { D } from './d';\nexport interface C { d?: D }\n",
      [`${dir}/d.ts`]: "import type { C } from './c';\nexport interface D { c?: C }\n",
    });
    expect(rulesAt(found.get(`${dir}/a.ts`), 1)).toContain('import-x/no-cycle');
    expect(rulesAt(found.get(`${dir}/b.ts`), 1)).toContain('import-x/no-cycle');
    expect(found.get(`${dir}/c.ts`)).toEqual([]);
    expect(found.get(`${dir}/d.ts`)).toEqual([]);
  });

  it("fail on a module importing another module's repository, table or SQL file, in every path form", async () => {
    const dir = `apps/server/src/modules/${PROBE}`;
    const file = `${dir}/deep/reach.service.ts`;
    const found = await lint({
      [file]: [
        "export { WalletService } from '../../wallet/wallet.public';",
        "export * as a from '../../wallet/wallet.repository';",
        "export type { AccountsTable } from '../../wallet/wallet.table';",
        "export * as c from '../../wallet/pg/stake.repository.ts';",
        "export * as d from '../../../modules/wallet/sqlite/ledger.repository';",
        "export * as e from '../../lotto59/bets/bets.pg.repository';",
        "export * as f from '../../lotto59/bets/bets.group-commit';",
        "export { RoundsService } from '../../lotto59/rounds/rounds.service';",
        '',
      ].join('\n'),
    });
    const messages = found.get(file);
    expect(rulesAt(messages, 1)).toEqual([]);
    for (const line of [2, 3, 4, 5, 6, 7])
      expect(rulesAt(messages, line)).toEqual(['import-x/no-restricted-paths']);
    expect(rulesAt(messages, 8)).toEqual([]);
  });

  it('fail on plugins/ or platform/ importing modules/', async () => {
    const plugin = `apps/server/src/plugins/${PROBE}/probe.ts`;
    const platform = `apps/server/src/platform/${PROBE}/probe.ts`;
    const found = await lint({
      [plugin]: [
        "export { AppError } from '../../errors/app-error';",
        "export { SESSION_COOKIE } from '../../modules/auth/session.plugin';",
        "export type { AuthService } from '../../modules/auth/auth.service';",
        '',
      ].join('\n'),
      [platform]: [
        "export { systemClock } from '../clock';",
        "export * as w from '../../modules/wallet/wallet.public';",
        "export * as s from '../../plugins/security-headers';",
        '',
      ].join('\n'),
    });
    expect(rulesAt(found.get(plugin), 1)).toEqual([]);
    expect(rulesAt(found.get(plugin), 2)).toEqual(['import-x/no-restricted-paths']);
    expect(rulesAt(found.get(plugin), 3)).toEqual(['import-x/no-restricted-paths']);
    expect(rulesAt(found.get(platform), 1)).toEqual([]);
    expect(rulesAt(found.get(platform), 2)).toEqual(['import-x/no-restricted-paths']);
    expect(rulesAt(found.get(platform), 3)).toEqual(['import-x/no-restricted-paths']);
  });

  it('fail on the demo provider importing the server or the web app, in every path form', async () => {
    const file = `apps/demo-provider/src/${PROBE}/probe.ts`;
    const found = await lint({
      [file]: [
        "export { WalletClient } from '../wallet/wallet-client';",
        "export * as a from '../../../server/src/config';",
        "export * as b from '../../../../apps/server/src/db/create-db';",
        "export * as c from '../../../server/build.mjs';",
        "export * as d from '../../../web/src/main';",
        "export * as e from '@lotto59/server';",
        '',
      ].join('\n'),
    });
    const messages = found.get(file);
    expect(rulesAt(messages, 1)).toEqual([]);
    for (const line of [2, 3]) {
      expect(rulesAt(messages, line)).toContain('no-restricted-imports');
      expect(rulesAt(messages, line)).toContain('import-x/no-restricted-paths');
    }
    // Spellings without `server/src` slip past the name rule; the resolved-path rule still catches them.
    expect(rulesAt(messages, 4)).toEqual(['import-x/no-restricted-paths']);
    expect(rulesAt(messages, 5)).toEqual(['import-x/no-restricted-paths']);
    expect(rulesAt(messages, 6)).toContain('no-restricted-imports');
  });

  it("fail on a demo game page's function over 70 lines, not on one of 70", async () => {
    const file = `apps/demo-provider/web/src/slot/${PROBE}/page.ts`;
    const body = (name: string, lines: number) => [
      `export function ${name}(): number {`,
      '  let n = 0;',
      ...Array(lines - 3).fill('  n += 1;'),
      '  return n;',
      '}',
    ];
    const found = await lint({ [file]: [...body('long', 71), ...body('short', 70), ''].join('\n') });
    const messages = found.get(file) ?? [];
    expect(rulesAt(messages, 1)).toEqual(['max-lines-per-function']);
    expect(rulesAt(messages, 72)).toEqual([]);
  });

  it('fail on a server file other than the composition roots importing the demo studio', async () => {
    const dir = `apps/server/src/modules/${PROBE}`;
    const file = `${dir}/mount.service.ts`;
    const found = await lint({
      [file]: [
        "import { createDemoProvider } from '@lotto59/demo-provider/server';",
        "import { riel } from '@lotto59/domain';",
        'export const x = [createDemoProvider, riel];',
        '',
      ].join('\n'),
    });
    expect(rulesAt(found.get(file), 1)).toContain('no-restricted-imports');
    expect(rulesAt(found.get(file), 2)).toEqual([]);
  });

  it('fail on SQL outside a repository file of a module', async () => {
    const dir = `apps/server/src/modules/${PROBE}`;
    const found = await lint({
      [`${dir}/probe.service.ts`]: [
        "import { sql } from 'kysely';",
        "import type { Db } from '../../db/database';",
        "export const q = (db: Db) => db.selectFrom('accounts').selectAll().execute();",
        'export const one = sql`select 1`;',
        '',
      ].join('\n'),
      [`${dir}/probe.repository.ts`]: [
        "import { sql } from 'kysely';",
        "import type { Db } from '../../db/database';",
        "export const q = (db: Db) => db.selectFrom('accounts').selectAll().execute();",
        'export const one = sql`select 1`;',
        '',
      ].join('\n'),
    });
    const service = found.get(`${dir}/probe.service.ts`);
    expect(rulesAt(service, 1)).toEqual(['no-restricted-syntax']);
    expect(rulesAt(service, 2)).toEqual([]);
    expect(rulesAt(service, 3)).toEqual(['no-restricted-syntax']);
    expect(found.get(`${dir}/probe.repository.ts`)).toEqual([]);
  });

  it('fail on a web shared folder (lib, components, config) importing a feature or the app layer', async () => {
    const lib = `apps/web/src/lib/${PROBE}/probe.ts`;
    const component = `apps/web/src/components/${PROBE}/probe.ts`;
    const feature = `apps/web/src/features/auth/${PROBE}/probe.ts`;
    const found = await lint({
      [lib]: [
        "export * as ok from '@/config/paths';",
        "export * as a from '@/features/lotto59/config';",
        "export * as b from '../../features/lotto59/config';",
        "export * as c from '@/app/routes';",
        '',
      ].join('\n'),
      [component]: "export * as d from '../../app/route-modules';\n",
      [feature]: "export * as e from '@/lib/http-client';\n",
    });
    expect(rulesAt(found.get(lib), 1)).toEqual([]);
    for (const line of [2, 3, 4])
      expect(rulesAt(found.get(lib), line)).toEqual(['import-x/no-restricted-paths']);
    expect(rulesAt(found.get(component), 1)).toEqual(['import-x/no-restricted-paths']);
    expect(found.get(feature)).toEqual([]);
  });
  it('fail on `as Riel` outside the domain parsers, in a module, a web file and a repository alike', async () => {
    const dir = `apps/server/src/modules/${PROBE}`;
    const web = `apps/web/src/lib/${PROBE}/probe.ts`;
    const money = [
      "import { riel, type Riel } from '@lotto59/domain';",
      'export const a = 5 as Riel;',
      'export const b = <Riel>5;',
      'export const c: Riel = riel(5);',
      'export const d = 5 as number;',
      '',
    ].join('\n');
    const found = await lint({
      [`${dir}/probe.service.ts`]: money,
      [`${dir}/probe.repository.ts`]: money,
      [web]: money,
    });
    for (const file of [`${dir}/probe.service.ts`, `${dir}/probe.repository.ts`, web]) {
      const messages = found.get(file);
      expect(rulesAt(messages, 1)).toEqual([]);
      expect(rulesAt(messages, 2)).toEqual(['no-restricted-syntax']);
      expect(rulesAt(messages, 3)).toEqual(['no-restricted-syntax']);
      expect(rulesAt(messages, 4)).toEqual([]);
      expect(rulesAt(messages, 5)).toEqual([]);
    }
  });
  it('fail on a web feature importing another feature or the app layer, on resolved paths (relative forms too)', async () => {
    const feature = `apps/web/src/features/auth/${PROBE}/probe.ts`;
    const found = await lint({
      [feature]: [
        "export * as ok from '../api/login';",
        "export * as a from '@/features/lotto59/config';",
        "export * as b from '../../lotto59/config';",
        "export * as c from '../../../features/lotto59/config';",
        "export * as d from '../../../app/routes';",
        "export * as e from '@/app/routes';",
        "export * as f from '../../../../../server/src/config';",
        "export * as g from '@/lib/http-client';",
        '',
      ].join('\n'),
    });
    const messages = found.get(feature);
    expect(rulesAt(messages, 1)).toEqual([]);
    // Line 3 (`../../lotto59/…`) has no `features/` in it: the string rule it replaces let it through.
    for (const line of [2, 3, 4, 5, 6, 7])
      expect(rulesAt(messages, line)).toContain('import-x/no-restricted-paths');
    expect(rulesAt(messages, 8)).toEqual([]);
  });

  it('fail on packages/domain or packages/contract leaving their folder by a relative path', async () => {
    const domain = `packages/domain/src/${PROBE}/probe.ts`;
    const contract = `packages/contract/src/${PROBE}/probe.ts`;
    const found = await lint({
      [domain]: [
        "export * as ok from '../money/riel';",
        "export * as a from '../../../contract/src/index';",
        "export * as b from '../../../../apps/server/src/config';",
        "export * as c from '../money/../../../contract/src/index';",
        '',
      ].join('\n'),
      [contract]: [
        "export * as ok from '../common/index';",
        "export * as domain from '../../../domain/src/index';",
        "export * as a from '../../../../apps/web/src/config/paths';",
        '',
      ].join('\n'),
    });
    const d = found.get(domain);
    expect(rulesAt(d, 1)).toEqual([]);
    for (const line of [2, 3, 4]) expect(rulesAt(d, line)).toEqual(['import-x/no-restricted-paths']);
    const c = found.get(contract);
    expect(rulesAt(c, 1)).toEqual([]);
    expect(rulesAt(c, 2)).toEqual([]);
    expect(rulesAt(c, 3)).toEqual(['import-x/no-restricted-paths']);
  });

  it("fail on the demo studio's rules/ importing the rest of the studio, whatever the spelling", async () => {
    const file = `apps/demo-provider/src/rules/${PROBE}/probe.ts`;
    const found = await lint({
      [file]: [
        "export * as ok from '../fair/stream';",
        "export * as a from '../../wallet/wallet-client';",
        "export * as b from '../fair/../../wallet/wallet-client';",
        '',
      ].join('\n'),
    });
    const messages = found.get(file);
    expect(rulesAt(messages, 1)).toEqual([]);
    // Line 3 starts `../f…`: the string rule it replaces (`^\.\./\.\./`) let it through.
    for (const line of [2, 3]) expect(rulesAt(messages, line)).toContain('import-x/no-restricted-paths');
  });

  it("fail on SQLite's raw handle or a prepared statement outside db/ and the dialect folders and files", async () => {
    const dir = `apps/server/src/modules/${PROBE}`;
    const raw = [
      "import { rawSqliteOf } from '../../db/create-db';",
      "import type { Db } from '../../db/database';",
      "export const s = (db: Db) => rawSqliteOf(db)?.prepare('select 1');",
      '',
    ].join('\n');
    const found = await lint({
      [`${dir}/probe.service.ts`]: raw,
      [`${dir}/probe.repository.ts`]: raw,
      [`${dir}/sqlite/probe.repository.ts`]: raw,
      [`${dir}/probe.sqlite.repository.ts`]: raw,
      [`${dir}/sqlite/probe-engine.ts`]: raw,
    });
    for (const file of [`${dir}/probe.service.ts`, `${dir}/probe.repository.ts`]) {
      const messages = found.get(file);
      expect(rulesAt(messages, 1)).toEqual(['no-restricted-syntax']);
      expect(rulesAt(messages, 2)).toEqual([]);
      expect(rulesAt(messages, 3)).toEqual(['no-restricted-syntax']);
    }
    for (const file of [
      `${dir}/sqlite/probe.repository.ts`,
      `${dir}/probe.sqlite.repository.ts`,
      `${dir}/sqlite/probe-engine.ts`,
    ])
      expect(found.get(file)).toEqual([]);
  });
});
