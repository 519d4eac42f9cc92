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
      // `clients` is the core feature: offline and live-updates plug into it through the query client and hooks
      // registered at the app root, never the other way round. import-x/no-cycle sees files; these see features.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/features/clients',
              from: ['./src/features/offline', './src/features/live-updates'],
              message: 'clients is the core feature: offline and live-updates plug into it, not the other way round.',
            },
            { target: './src/features', from: './src/routes', message: 'Features do not import routes (the app layer).' },
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
