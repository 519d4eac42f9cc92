import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { appShellWorker } from '#scripts/vite-plugins/app-shell-worker.ts';
import { precompress } from '#scripts/vite-plugins/precompress.ts';
import { routePreloads } from '#scripts/vite-plugins/route-preloads.ts';
import { spaBuildFacts } from '#scripts/vite-plugins/spa-build-facts.ts';

/** Where `npm run dev` sends API calls when msw is switched off (VITE_API_MOCKING=false). */
const DEV_API_TARGET = 'http://127.0.0.1:3000';

/** `vite build --mode mock`: the SPA with msw, as `npm run dev` serves it (npm run build:mock). */
const MOCK_MODE = 'mock';

/** msw's service worker (package.json "msw.workerDirectory"), kept out of public/, which Vite copies into every build. */
const MOCK_SERVICE_WORKER = 'mocks/mockServiceWorker.js';

/**
 * msw's service worker, served by `npm run dev` and written into the mock build (`npm run build:mock`) only, so
 * that no production build ships the mock backend. At the site's root: a worker controls only the pages under its
 * own path, and msw registers it for the whole site.
 */
function mockServiceWorker(): Plugin {
  return {
    name: 'salon:mock-service-worker',
    apply: (_config, { command, mode }) => command === 'serve' || mode === MOCK_MODE,
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        response.end(readFileSync(resolve(server.config.root, MOCK_SERVICE_WORKER)));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: readFileSync(MOCK_SERVICE_WORKER) });
    },
  };
}

/**
 * The production build's service worker (issue 20, docs/offline.md, decision 024): Workbox precaches the app shell
 * (the page, the built JS and CSS, the site's SVG images, this manifest and its icons) so that a reload while offline
 * opens the app; never /api, /login or /logout. The staff pages register it (src/features/offline), the landing page
 * never: a visitor does not download the staff app. A new version waits, and takes over at the next navigation. Not
 * in `npm run dev` nor the mock build, where msw's worker is the only one.
 */
function appShell() {
  return appShellWorker({
    source: 'src/features/offline/app-shell-worker.ts',
    skip: (mode) => mode === MOCK_MODE,
    manifest: {
      name: 'Your Beauty Salon',
      short_name: 'Salon',
      description: 'Your Beauty Salon: the front desk’s client list.',
      start_url: '/clients',
      scope: '/',
      display: 'standalone',
      background_color: '#f7ece8',
      theme_color: '#2b1d24',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });
}

/**
 * Puts the built index.html's stylesheets before its scripts. Vite writes them after the
 * module preloads, so the browser asks for them last; first, they arrive first, and the
 * page's first paint (the nav bar band, index.html) does not wait for the JavaScript.
 */
function stylesheetsFirst(): Plugin {
  return {
    name: 'salon:stylesheets-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        if (stylesheets.length === 0 || !html.includes('<script type="module"')) return html;
        const withoutStylesheets = stylesheets.reduce((page, tag) => page.replace(tag, ''), html);
        const at = withoutStylesheets.indexOf('<script type="module"');
        return `${withoutStylesheets.slice(0, at)}${stylesheets.map((tag) => tag.trim()).join('\n    ')}\n    ${withoutStylesheets.slice(at)}`;
      },
    },
  };
}

/** The server tests that run on PostgreSQL too: everything about the API, accounts, sessions and the throttle. */
const POSTGRES_TESTS = [
  'server/routes/*.test.ts',
  'server/openapi/conformance.test.ts',
  'tests/api/*.test.ts',
  'server/background/database-outage.test.ts',
  'server/auth/staff-accounts.test.ts',
  'server/auth/session-memory.test.ts',
  'server/cli/staff-command.test.ts',
  'server/db/migrations.test.ts',
  'server/db/commit-signal.test.ts',
  'server/email/sending.test.ts',
  'server/**/*.postgres.test.ts',
];

/**
 * The `*.test.ts` files of src/, mocks/ and contract/ that need a page (document, window, its storage, a relative URL
 * for fetch): they run in jsdom with the SPA's setup, as the `.tsx` tests do. The others run in Node (`spa-node`):
 * jsdom and the SPA's setup cost about a second a file (docs/decisions/027-ci-time.md, issue 39). A new `.ts` test that
 * reads `document` fails in Node with "document is not defined": add it here.
 */
/**
 * The SPA's tests that replace a module with vi.mock (the browser's WebAuthn, the staff bar's loader): each in a module
 * graph of its own, as a replaced module must not reach another file. Every other SPA file shares its worker's graph.
 */
const MODULE_MOCKING_TESTS = [
  'src/features/auth/components/login-passkeys.test.tsx',
  'src/features/auth/components/staff-nav-bar.test.tsx',
  'src/routes/account-passkeys.test.tsx',
];

const DOM_TESTS = [
  'contract/api.test.ts',
  'mocks/handlers/passkeys.test.ts',
  'mocks/mock-panel.test.ts',
  'mocks/personas.test.ts',
  'mocks/scenarios.test.ts',
  'src/features/clients/utils/form-drafts.test.ts',
  'src/features/live-updates/connection.test.ts',
  'src/lib/api-client.test.ts',
  'src/lib/reachability.test.ts',
];

/**
 * What `npm run test:slow` runs, not `npm test`: the tests that start processes (the staff, backup and restore
 * commands, the lock holder of a database outage) or build the app. Each waits for a new Node, tsx or Vite to start
 * (issue 39, decision 027).
 */
const SLOW_TESTS = [
  'server/cli/backup-command.test.ts',
  'server/cli/staff-command.test.ts',
  'server/db/restore.test.ts',
  'server/background/database-outage.test.ts',
  'scripts/**/*.test.ts',
];

/** The server's projects' global setup: the migrated SQLite file their tests' databases copy. */
const SQLITE_TEMPLATE = 'server/testing/sqlite-template.ts';

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const proxyToRealServer = env.VITE_API_MOCKING === 'false';
  // dist/.vite/route-preloads.json, from the router's route tree (server/http/route-preloads.ts reads it).
  const preloads = routePreloads();
  return {
    plugins: [
      // The router plugin must come before react() (TanStack Router's Vite guide).
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // Loaders are split too: they pull in the clients' queries and zod, which `/` never needs.
        codeSplittingOptions: {
          defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['pendingComponent'], ['notFoundComponent']],
        },
        // Tests sit beside the route files they test.
        routeFileIgnorePattern: '\\.test\\.tsx?$',
        plugins: [preloads.routeTree],
      }),
      react(),
      mockServiceWorker(),
      appShell(),
      stylesheetsFirst(),
      preloads.vite,
      spaBuildFacts(),
      precompress(),
    ],
    resolve: {
      alias: [
        // TanStack Store's React hook imports the useSyncExternalStore shim for React 17 and older; on React 19 the shim
        // hands over to React's own hook, so its fallback rode in the landing page's first JS for nothing (−0.21 KiB).
        { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
      ],
    },
    server: proxyToRealServer
      ? {
          proxy: {
            '/api': DEV_API_TARGET,
            '/logout': DEV_API_TARGET,
            // GET /login is the SPA's page; only the POST is the server's.
            '/login': {
              target: DEV_API_TARGET,
              bypass: (request) => (request.method === 'POST' ? undefined : request.url),
            },
          },
        }
      : undefined,
    build: {
      manifest: true,
      // No modulepreload polyfill in the landing page's first JS: modulepreload is Baseline "widely available" since
      // March 2026 (Safari 17, Firefox 115); a browser without it loads the same files, only without the head start.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // Everything the entry imports statically goes in one chunk: the page then waits
          // for two requests instead of a dozen (each a round trip on a phone's connection).
          // Routes keep their own chunks, loaded only where they are needed.
          // (The entry module stays in its own chunk, so that the manifest still names it.)
          codeSplitting: {
            groups: [
              { name: 'app', tags: ['$initial'], test: (id) => !id.endsWith('/src/main.tsx') && !id.includes('index.html') },
              { name: 'query-hooks', test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ },
              // The staff pages' small shared modules (components, lib) in one chunk of their own, rather than in
              // the entry's: the landing page's first JS 106.12 → 105.87 KiB with issue 29's routes (docs/performance.md).
              { name: 'staff-common', minShareCount: 2, test: /[\\/]src[\\/](components|lib)[\\/]/ },
            ],
          },
        },
      },
    },
    test: {
      // A test file per core. Vitest's default leaves one core free (cores − 1): on CI's two cores that was one file
      // at a time (docs/decisions/027-ci-time.md).
      maxWorkers: availableParallelism(),
      // npm run test:coverage: what the Vitest suites exercise of the product's own code.
      coverage: {
        provider: 'v8',
        include: ['src/**', 'server/**', 'contract/**', 'mocks/**', 'scripts/vite-plugins/**'],
        exclude: ['**/*.test.{ts,tsx}', '**/*.css', '**/testing/**', 'src/routeTree.gen.ts', 'mocks/mockServiceWorker.js'],
      },
      projects: [
        {
          extends: true,
          test: {
            name: 'spa',
            environment: 'jsdom',
            globals: true,
            include: ['src/**/*.test.tsx', ...DOM_TESTS],
            exclude: MODULE_MOCKING_TESTS,
            setupFiles: ['src/testing/setup.ts'],
            // One module graph per worker, as the server's project: importing the app, React and msw again per file
            // was half of this project's time (npm test 83 → 60 s; decision 027). setup.ts resets what a file leaves.
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'spa-isolated',
            environment: 'jsdom',
            globals: true,
            include: MODULE_MOCKING_TESTS,
            setupFiles: ['src/testing/setup.ts'],
          },
        },
        {
          // The SPA's and the contract's tests that need no page: Node, no setup (pure functions, zod, fast-check).
          extends: true,
          test: {
            name: 'spa-node',
            environment: 'node',
            globals: true,
            include: ['src/**/*.test.ts', 'contract/**/*.test.ts'],
            exclude: DOM_TESTS,
          },
        },
        {
          // The mock's tests that need no page: Node, with the mock's server and a fresh mock store per test.
          test: {
            name: 'mock',
            environment: 'node',
            include: ['mocks/**/*.test.ts'],
            exclude: DOM_TESTS,
            setupFiles: ['src/testing/setup-mock-server.ts'],
          },
        },
        {
          // The real server (server/): Node, a fresh SQLite file per test, app.inject only.
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts'],
            exclude: ['server/**/*.postgres.test.ts', ...SLOW_TESTS],
            // A SQLite file migrated once, which each test's database copies (server/testing/test-database.ts).
            globalSetup: [SQLITE_TEMPLATE],
            // One module graph per worker, not per file: each file builds its own app and database anyway, and
            // importing the whole server again per file was the largest part of this project's time (decision 027).
            isolate: false,
          },
        },
        // npm run test:postgres: the server tests that hold for any database, and those of
        // PostgreSQL alone, on a throwaway PostgreSQL (or TEST_DATABASE_URL). Not in `npm test`,
        // which needs nothing but Node.
        ...(process.env.SALON_TEST_POSTGRES
          ? [
              {
                test: {
                  name: 'server-postgres',
                  environment: 'node',
                  include: POSTGRES_TESTS,
                  globalSetup: ['server/testing/postgres-global-setup.ts'],
                },
              },
            ]
          : []),
        {
          // The API as clients meet it, the mock (mocks/) beside the real server: Node, like the server's.
          test: {
            name: 'api',
            environment: 'node',
            // …and the example files they share (tests/fixtures).
            include: ['tests/api/**/*.test.ts', 'tests/fixtures/**/*.test.ts'],
            globalSetup: [SQLITE_TEMPLATE],
          },
        },
        // npm run test:slow (and test:coverage): the tests that start processes or build the app (SLOW_TESTS), in
        // Node. Not in `npm test`, which stays within its 90 s (issue 39); CI runs both.
        ...(process.env.SALON_TEST_SLOW
          ? [
              {
                test: {
                  name: 'slow',
                  environment: 'node',
                  include: SLOW_TESTS,
                  globalSetup: [SQLITE_TEMPLATE],
                },
              },
            ]
          : []),
      ],
    },
  };
});
