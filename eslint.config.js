// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/** Folders directly under `dir` (feature folders of the web app, modules of the server). */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

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
      { regex: '^\\.\\./\\.\\./\\.\\./', message: 'stay inside packages/domain.' },
    ]),
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: restrict([
      { group: ['@lotto59/*', '!@lotto59/domain'], message: 'contract imports only @lotto59/domain.' },
      { regex: '^\\.\\./\\.\\./\\.\\./', message: 'stay inside packages/contract.' },
    ]),
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
  // Server: a module calls another module's service, never its repository or its tables.
  ...foldersOf('./apps/server/src/modules').map((mod) => ({
    files: [`apps/server/src/modules/${mod}/**/*.ts`],
    rules: restrict([
      {
        regex: `^\\.\\./(?!${mod}/)[^/]+/[^/]+\\.(repository|table)$`,
        message: "call the other module's service, not its repository or tables.",
      },
    ]),
  })),
  // Web: a feature never imports another feature; routes (src/app) compose them.
  ...foldersOf('./apps/web/src/features').map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict([
      {
        regex: `^(@/features/(?!${feature}(/|$))|(\\.\\./)+features/(?!${feature}(/|$)))`,
        message: 'features never import each other; compose them in src/app.',
      },
      { regex: '^@/app(/|$)', message: 'features do not import the app layer.' },
    ]),
  })),
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
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'use an `as const` array for a vocabulary, not an enum.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...boundaries,
);
