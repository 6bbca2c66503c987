// @ts-check
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

/** Folders directly under `dir` (feature folders of the web app, modules of the server). */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const MODULES = './apps/server/src/modules';

/** Files under `dir` (recursive), relative to it, `./`-prefixed. */
const filesUnder = (dir, prefix = '.') =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(`${dir}/${d.name}`, `${prefix}/${d.name}`) : [`${prefix}/${d.name}`],
  );

/**
 * A server module's public files, the only ones another module may import: its `<m>.public.ts` when it
 * has one (the wallet), else its services and its Fastify hooks (`*.service.ts`, `*.plugin.ts`,
 * `*.gate.ts`). Repositories, tables, SQL files and everything else stay inside the module.
 */
const publicFilesOf = (mod) => {
  const dir = `${MODULES}/${mod}`;
  if (existsSync(new URL(`${dir}/${mod}.public.ts`, import.meta.url))) return [`./${mod}/${mod}.public.ts`];
  return filesUnder(dir, `./${mod}`).filter((f) => /\.(service|plugin|gate)\.ts$/.test(f));
};

/** Statements of SQL: they belong in `*.repository.ts` files (decision: all SQL in repositories). */
const SQL_OUTSIDE_REPOSITORIES = [
  {
    selector:
      "ImportDeclaration[source.value='kysely'][importKind!='type'] ImportSpecifier[imported.name='sql']",
    message: 'SQL lives in *.repository.ts files.',
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
    message: 'queries live in *.repository.ts files.',
  },
];
/**
 * SQLite's raw handle (`rawSqliteOf`) and its prepared statements (`.prepare()`): the dialect's own code,
 * kept in `db/` and in dialect folders (`sqlite/`, `pg/`) or dialect-named files (`x.sqlite.ts`,
 * `x.pg.repository.ts`), never on a service or a module's public surface.
 */
const RAW_SQLITE = [
  {
    selector: "ImportSpecifier[imported.name='rawSqliteOf']",
    message: 'rawSqliteOf only in db/ and the dialect folders (sqlite/, pg/) or dialect-named files.',
  },
  {
    selector: "CallExpression[callee.property.name='prepare']",
    message: 'prepared statements only in db/ and the dialect folders (sqlite/, pg/) or dialect-named files.',
  },
];
const DIALECT_FILES = [
  'apps/server/src/db/**',
  'apps/server/src/modules/**/{sqlite,pg}/**',
  'apps/server/src/modules/**/*.{sqlite,pg}.ts',
  'apps/server/src/modules/**/*.{sqlite,pg}[.-]*.ts',
];
const NO_ENUMS = {
  selector: 'TSEnumDeclaration',
  message: 'use an `as const` array for a vocabulary, not an enum.',
};
/** Money gets its `Riel` brand from the domain's parsers (`parseRiel`, `riel`), never from a cast. */
const NO_RIEL_CASTS = {
  selector:
    ':matches(TSAsExpression, TSTypeAssertion)[typeAnnotation.type="TSTypeReference"][typeAnnotation.typeName.name="Riel"]',
  message: "no `as Riel`: make riel with the domain's `riel()` or `parseRiel()` (packages/domain/src/money).",
};

// Import boundaries of docs/ARCHITECTURE.md, enforced here rather than by goodwill.
const boundaries = [
  {
    // domain: pure rules, imports nothing of the repository and no I/O.
    files: ['packages/domain/**/*.ts'],
    rules: restrict([
      { group: ['@lotto59/*'], message: 'packages/domain imports nothing of the repository.' },
      {
        regex: '^(node:)?(fs|net|http|https|child_process|crypto|os|path)(/.*)?$',
        message: 'domain does no I/O and owns no randomness.',
      },
    ]),
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: restrict([
      { group: ['@lotto59/*', '!@lotto59/domain'], message: 'contract imports only @lotto59/domain.' },
    ]),
  },
  {
    // The same two packages on resolved paths: no relative spelling (`../../../apps/…`, `../../contract/src/…`)
    // leaves them. Packages by name are the rules above (their files resolve into node_modules).
    files: ['packages/{domain,contract}/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/domain',
              from: '.',
              except: ['./packages/domain', './node_modules'],
              message: 'packages/domain imports nothing of the repository (stay inside packages/domain).',
            },
            {
              target: './packages/contract',
              from: '.',
              except: ['./packages/contract', './packages/domain', './node_modules'],
              message: 'packages/contract imports only @lotto59/domain (stay inside packages/contract).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: restrict([
      { regex: '(^@lotto59/server|apps/server)', message: 'the web app never imports the server.' },
    ]),
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: restrict([
      { regex: '(^@lotto59/web|apps/web)', message: 'the server never imports the web app.' },
    ]),
  },
  {
    // The demo studio is an outside party mounted in embedded mode: only the composition roots (app.ts
    // mounts it, cli/ops.ts opens its outbox) import it; every other server file stays ignorant of it.
    // Restated with the web rule above: a later no-restricted-imports replaces an earlier one.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/app.ts', 'apps/server/src/cli/ops.ts', '**/*.test.ts'],
    rules: restrict([
      { regex: '(^@lotto59/web|apps/web)', message: 'the server never imports the web app.' },
      {
        regex: '(^@lotto59/demo-provider|apps/demo-provider|(^|/)demo-provider/src(/|$))',
        message: 'only app.ts and cli/ops.ts import the demo studio (the composition roots).',
      },
    ]),
  },
  {
    // The demo provider stands in for an outside studio: it reaches our server only over signed HTTP.
    files: ['apps/demo-provider/**/*.ts'],
    rules: restrict([
      {
        // A relative path up and into ../server/src is the server too.
        regex: '(^@lotto59/server|apps/server|(^|/)server/src(/|$))',
        message: 'the demo provider never imports the server.',
      },
    ]),
  },
  {
    // The same boundary on resolved paths, so no spelling of a path (`../../../server/…`, an absolute path, a
    // file without `src/`) reaches the server or the web app from the studio.
    files: ['apps/demo-provider/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/demo-provider',
              from: ['./apps/server', './apps/web'],
              message: 'the demo provider is an outside studio: it reaches the casino only over signed HTTP.',
            },
            {
              // Its game rules, pure like packages/domain (the object below has the names and the globals).
              target: './apps/demo-provider/src/rules',
              from: '.',
              except: ['./apps/demo-provider/src/rules', './node_modules'],
              message: 'the rules import only @noble/hashes and themselves (stay inside src/rules).',
            },
          ],
        },
      ],
    },
  },
  {
    // Its game rules are pure like packages/domain: no I/O, no clock, no randomness, only @noble/hashes.
    files: ['apps/demo-provider/src/rules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      ...restrict([
        {
          regex: '^(?!@noble/hashes/|\\.\\.?/)',
          message: 'the rules import only @noble/hashes and themselves.',
        },
      ]),
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'the rules never read the clock: take the time as an argument.' },
        { name: 'crypto', message: 'the rules own no randomness: take a word stream.' },
        { name: 'process', message: 'the rules read no environment: take the configuration.' },
        { name: 'performance', message: 'the rules never read the clock.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'the rules own no randomness: take a word stream.' },
      ],
    },
  },
  {
    // The demo studio's game pages keep functions short enough to see whole (docs/STYLE.md, decision 0052):
    // a page's main() builds its state and wires it; the work is in small named functions.
    files: ['apps/demo-provider/web/src/{slot,baccarat,fishing,sport}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 70, skipBlankLines: true, skipComments: true }],
    },
  },
  // Server, resolved paths (every path form: `../x/…`, `../../x/…`, with or without extension):
  //  - a module imports another module only through its public files (publicFilesOf), never its
  //    repository, tables or SQL files;
  //  - plugins/ (HTTP plumbing) and platform/ (injected side effects) never import modules/.
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...foldersOf(MODULES).map((mod) => ({
              target: `${MODULES}/${mod}`,
              from: MODULES,
              except: [
                `./${mod}`,
                ...foldersOf(MODULES)
                  .filter((other) => other !== mod)
                  .flatMap(publicFilesOf),
              ],
              message: "use the other module's service or public file, never its repository, tables or SQL.",
            })),
            {
              target: './apps/server/src/plugins',
              from: MODULES,
              message: 'plugins/ never imports modules/: inject what a plugin needs (app.ts).',
            },
            {
              target: './apps/server/src/platform',
              from: [MODULES, './apps/server/src/plugins'],
              message: 'platform/ is the bottom layer: it imports no module and no plugin.',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'the server never imports the web app (it serves its built files).',
            },
          ],
        },
      ],
    },
  },
  // SQLite's raw handle and prepared statements: only in db/ and the dialect folders and files. The
  // selectors are restated per file group because a later no-restricted-syntax replaces an earlier one.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [...DIALECT_FILES, '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_ENUMS, NO_RIEL_CASTS, ...RAW_SQLITE] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts', ...DIALECT_FILES],
    rules: {
      'no-restricted-syntax': ['error', NO_ENUMS, NO_RIEL_CASTS, ...SQL_OUTSIDE_REPOSITORIES, ...RAW_SQLITE],
    },
  },
  {
    // A module's dialect files that are not repositories (a batch engine): SQLite's handle, still no SQL.
    files: [...DIALECT_FILES].filter((glob) => glob.startsWith('apps/server/src/modules/')),
    ignores: ['**/*.repository.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_ENUMS, NO_RIEL_CASTS, ...SQL_OUTSIDE_REPOSITORIES] },
  },
  // Web, on resolved paths (the `@/` alias and every relative form alike):
  //  - the shared folders (lib, components, config) never import a feature or the app layer;
  //  - a feature never imports another feature nor the app layer (routes in src/app compose them);
  //  - nothing of the web app reaches into the server or the demo studio.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./apps/web/src/lib', './apps/web/src/components', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'lib/, components/ and config/ are shared: they never import features/ or app/.',
            },
            ...foldersOf('./apps/web/src/features').flatMap((feature) => [
              {
                target: `./apps/web/src/features/${feature}`,
                from: './apps/web/src/features',
                except: [`./${feature}`],
                message: 'features never import each other; compose them in src/app.',
              },
              {
                target: `./apps/web/src/features/${feature}`,
                from: './apps/web/src/app',
                message: 'features do not import the app layer.',
              },
            ]),
            {
              target: './apps/web',
              from: ['./apps/server', './apps/demo-provider'],
              message: 'the web app never imports the server or the demo studio: it talks to them over HTTP.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    // Imports resolved to files, for the cycle and path rules below; `@/` is the web app's alias.
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads no .ts/.tsx file and would find no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          alias: { '@': [fileURLToPath(new URL('./apps/web/src', import.meta.url))] },
        }),
      ],
    },
    rules: {
      // No circular imports of values (type-only imports are erased and may point both ways).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', NO_ENUMS, NO_RIEL_CASTS],
    },
  },
  {
    // The brand's own definition: the parsers that make riel, and the one constant they check against.
    files: ['packages/domain/src/money/riel.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_ENUMS] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...boundaries,
);
