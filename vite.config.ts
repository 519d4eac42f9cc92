import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/** Where `npm run dev` sends API calls when msw is switched off (VITE_API_MOCKING=false). */
const DEV_API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const proxyToRealServer = env.VITE_API_MOCKING === 'false';
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
      }),
      react(),
    ],
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
    },
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'spa',
            environment: 'jsdom',
            globals: true,
            include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts', 'contract/**/*.test.ts'],
            setupFiles: ['src/testing/setup.ts'],
          },
        },
        {
          // The real server (server/): Node, a fresh SQLite file per test, app.inject only.
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts'],
          },
        },
      ],
    },
  };
});
