import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

// Features never import each other; routes compose them (architecture.md).
const features = fs.existsSync('src/features') ? fs.readdirSync('src/features') : [];
const featureBoundaries = features.map((f) => ({
  files: [`src/features/${f}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ regex: `^@/features/(?!${f}/)`, message: 'A feature does not import another feature; compose them in a route.' }] },
    ],
  },
}));

// No import cycle in the web app or the server; an import of types only does not count (it is gone
// at run time). Imports name their file (`./x.ts` in the server) or go without an extension, and
// `@/` is src/, as in tsconfig.json. Tests are left out: nothing imports a test, so no cycle runs
// through one, and following every test's imports again doubled the rule's time.
const noImportCycles = {
  files: ['src/**/*.{ts,tsx}', 'server/src/**/*.ts'],
  ignores: ['**/*.test.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    // One lint run: resolved imports are kept for the whole run rather than 30 seconds.
    'import-x/cache': { lifetime: Infinity },
    'import-x/resolver-next': [
      createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], alias: { '@': [fileURLToPath(new URL('./src', import.meta.url))] } }),
    ],
  },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

// The server's layers (architecture.md): http/ → routes/ → services/ → db/ and git/. A file's zone
// lists every restriction it is under (a later block replaces an earlier one's list for a rule).
const runGit = {
  regex: '(^|/)git/run-git(\\.ts)?$',
  message: 'Only server/src/git/ runs git: add a typed helper there (GitError and GitInputError come from git/run-git-errors.ts).',
};
const noHono = [
  { regex: '^(hono|@hono)(/|$)', message: 'Services know nothing of HTTP: take plain values, return plain values, throw the errors in errors.ts.' },
  { regex: '(^|/)routes/', message: 'Services do not import routes: move what both need into a service.' },
];
const kyselyTypesOnly = {
  regex: '^kysely$',
  allowTypeImports: true,
  message: 'Routes build no query: call a service or a db/ function (types from kysely are fine).',
};
const noQueries = [
  {
    selector: 'MemberExpression[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]',
    message: 'Routes build no query: call a service or a db/ function.',
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'Routes build no query: call a service or a db/ function.' },
];
const serverLayers = [
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/git/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [runGit] }] },
  },
  {
    files: ['server/src/services/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [runGit, ...noHono] }] },
  },
  {
    files: ['server/src/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [runGit, kyselyTypesOnly] }],
      'no-restricted-syntax': ['error', ...noQueries],
    },
  },
  {
    // The environment is read in config.ts; git's own environment in git/run-git.ts and git/hooks.ts.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/config.ts', 'server/src/git/run-git.ts', 'server/src/git/hooks.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings in server/src/config.ts (loadConfig or a getter there).' },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'src/lib/api/schema.d.ts', 'reports', 'test-results', 'playwright-report', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...featureBoundaries,
  noImportCycles,
  ...serverLayers,
);
