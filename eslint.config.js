import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { defineConfig, globalIgnores } from 'eslint/config';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The top-level folders: across them an import uses its `#folder/…` name (package.json "imports"), within one a relative path. */
const FOLDERS = ['contract', 'mocks', 'scripts', 'server', 'src', 'tests'];
/**
 * @param {string} [folder] a top-level folder, or none for the files at the root
 * @returns {import('eslint').Linter.Config}
 */
const importStyle = (folder) => ({
  files: [folder ? `${folder}/**/*.{ts,tsx,js,mjs}` : '*.{ts,tsx,js,mjs}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\./|(\\.\\./)+)(${FOLDERS.join('|')})/`,
            message: 'Import from another top-level folder by its #folder/… name.',
          },
          ...(folder ? [{ regex: `^#${folder}/`, message: `Within ${folder}/, import by a relative path.` }] : []),
        ],
      },
    ],
  },
});

/** Every folder of src/features/ is a feature with walls: a new one gets its zone without being listed here. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The core feature: the others plug into it, and it imports none of them. */
const CORE_FEATURE = 'clients';
/**
 * @param {string} feature a folder of src/features/
 * @returns {{ target: string, from: string, except: string[], message: string }}
 */
const featureWalls = (feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: feature === CORE_FEATURE ? [`./${feature}`] : [`./${feature}`, `./${CORE_FEATURE}`],
  message:
    feature === CORE_FEATURE
      ? `${CORE_FEATURE} is the core feature and imports no other: the others plug into it (its slots, the query client), composed in a route.`
      : `Features import only lib/, components/, contract/ and the core feature ${CORE_FEATURE}; compose features in a route or plug into ${CORE_FEATURE}' slots, and move what several need (not a feature) to lib/.`,
});

export default defineConfig(
  globalIgnores([
    'dist',
    'dist-server',
    'dist-mock',
    'coverage',
    'tests/bench/lighthouse/node_modules',
    'mocks/mockServiceWorker.js',
    'src/routeTree.gen.ts',
    'playwright-report',
    'test-results',
  ]),
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json', noWarnOnMultipleProjects: true })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
      'import-x/no-cycle': 'error',
    },
  },
  importStyle(undefined),
  ...FOLDERS.map(importStyle),
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, pluginQuery.configs['flat/recommended'], pluginRouter.configs['flat/recommended']],
    rules: {
      // The SPA's layers import one way (bulletproof-react's zones): routes (the app) → features → lib and components.
      // Each feature has walls: it imports lib/, components/, contract/ and the core feature `clients` only; the others
      // plug into `clients` (its slots, the query client) and are composed in routes, never by importing each other,
      // and `clients` imports none of them. import-x/no-cycle sees files; these see features, so no cycle between them.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map(featureWalls),
            { target: './src/features', from: './src/routes', message: 'Features do not import routes (the app layer).' },
            {
              target: './src',
              from: [
                './contract/passkey-ceremonies.ts',
                './contract/new-password.ts',
                './contract/account-sessions.ts',
                './contract/team-service.ts',
              ],
              message:
                'Server and mock only (decision 034): these bring (or run what brings) @simplewebauthn/server, the list of common passwords and bowser, which the SPA does not ship.',
            },
            {
              target: ['./src/lib', './src/components'],
              from: './src/features',
              message: 'Shared code does not import features; move what both need to lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    extends: [testingLibrary.configs['flat/react']],
  },
  {
    // Issue 39: a component does one thing and stays under 100 lines. ESLint's messages cannot say why, so here it is:
    // a component (or hook) longer than that does several things; split it into named components and hooks, each in
    // a file of its own (client-form.tsx and use-client-form.ts, say). Tests are exempt: a test reads as one story.
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 99, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Code that runs in Node (the server's hooks and handlers above all) passes async callbacks
    // around: a promise dropped there is an unhandled rejection or an answer sent twice, which
    // only the type-aware rules see.
    files: ['{server,tests,mocks,contract,scripts}/**/*.ts', '*.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
