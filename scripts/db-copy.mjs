/** `npm run db:copy -- --from URL --to URL`: builds the server when needed, then runs the db:copy CLI. */
import { ensureServerBuilt } from './build-if-needed.mjs';

await ensureServerBuilt();
await import('../dist-server/server/cli/db-copy.js');
