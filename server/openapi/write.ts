/**
 * Writes docs/openapi.json: the document of the app as it is built (API only, on a throwaway
 * SQLite file), so that a reader sees the API without running anything. `npm run build` runs
 * it compiled, `npm run openapi` from source; document.test.ts fails while the committed file
 * is another. `npm run openapi` also writes the TypeScript types openapi-typescript makes of it
 * (server/openapi/generated-client.d.ts, for conformance.test.ts's client).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../app.ts';
import { readServerConfig } from '../config.ts';
import { documentText } from './document.ts';

const target = resolve('docs/openapi.json');
const scratch = mkdtempSync(join(tmpdir(), 'salon-openapi-'));
try {
  const { app: config } = readServerConfig({ DATABASE_URL: `file:${join(scratch, 'salon.db')}`, LOG_LEVEL: 'silent' });
  const app = await buildApp({ ...config, staticDir: null });
  try {
    await app.ready();
    writeFileSync(target, documentText(app.openApiDocument()));
    // Not in the compiled server (npm run build): openapi-typescript is a dev dependency.
    if (process.argv.includes('--types')) {
      const { generatedClientTypes, GENERATED_CLIENT_TYPES } = await import('./generated-client-types.ts');
      writeFileSync(GENERATED_CLIENT_TYPES, await generatedClientTypes(app.openApiDocument()));
      console.info(`Wrote ${GENERATED_CLIENT_TYPES}`);
    }
  } finally {
    await app.close();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.info(`Wrote ${target}`);
