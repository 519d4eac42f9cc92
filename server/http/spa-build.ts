/**
 * What the build says of the SPA it made (scripts/vite-plugins/spa-build-facts.ts writes it): the server serves only a
 * production build without the mock backend. A build with msw inside (made with NODE_ENV=development, or by
 * `npm run build:mock`) starts the mock's service worker, which the server does not serve: the staff pages stay blank.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the build writes its facts, in the SPA's directory (beside Vite's manifest). */
export const SPA_BUILD_FACTS_FILE = '.vite/spa-build.json';

export type SpaBuildFacts = {
  /** Vite's production mode (NODE_ENV=production when it built). */
  production: boolean;
  /** msw is in the bundle. */
  mockBackend: boolean;
};

/** Throws, saying why and what to do, unless `staticDir` holds a production build without the mock. */
export function assertServableSpa(staticDir: string): void {
  const file = join(staticDir, SPA_BUILD_FACTS_FILE);
  const rebuild = 'Run npm run build (npm start does it too): it always makes the production build, whatever NODE_ENV says.';
  if (!existsSync(file))
    throw new Error(`${staticDir} was not made by this version's build (${SPA_BUILD_FACTS_FILE} is missing). ${rebuild}`);
  const facts = JSON.parse(readFileSync(file, 'utf8')) as SpaBuildFacts;
  if (facts.mockBackend || !facts.production) {
    throw new Error(
      `The SPA in ${staticDir} is a ${facts.production ? 'mock' : 'development'} build with msw's mock backend inside ` +
        `(made with NODE_ENV set to something other than production, or by npm run build:mock): its staff pages would stay blank. ${rebuild}`,
    );
  }
}
