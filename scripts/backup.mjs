/** `npm run backup [-- --to FILE]`: builds the server when needed, then runs the backup CLI. */
import { ensureServerBuilt } from './build-if-needed.mjs';

await ensureServerBuilt();
await import('../dist-server/server/cli/backup.js');
