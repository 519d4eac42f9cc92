/** `npm run restore -- FILE`: builds the server when needed, then runs the restore CLI. */
import { ensureServerBuilt } from './build-if-needed.mjs';

await ensureServerBuilt();
await import('../dist-server/server/cli/restore.js');
