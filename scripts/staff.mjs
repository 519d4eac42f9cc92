/** `npm run staff -- add|passwd|remove|list`: builds the server when needed, then runs the staff CLI. */
import { ensureServerBuilt } from './build-if-needed.mjs';

await ensureServerBuilt();
await import('../dist-server/server/cli/staff.js');
