/** `npm start`: builds the SPA and the server when needed, then runs the server in this process (so it receives SIGTERM itself). */
import { ensureServerBuilt, ensureSpaBuilt } from './build-if-needed.mjs';

await ensureSpaBuilt();
await ensureServerBuilt();
await import('../dist-server/server/main.js');
