/** `npm run build`: the SPA into dist/ and the server into dist-server/, in full; then docs/openapi.json. */
import { execFileSync } from 'node:child_process';
import { buildServer, buildSpa } from './build-if-needed.mjs';

await buildSpa();
await buildServer();
// The API's document, from the server just built (server/openapi/write.ts; npm run openapi from source).
execFileSync(process.execPath, ['dist-server/server/openapi/write.js'], { stdio: ['ignore', 2, 2] });
