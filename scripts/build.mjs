/** `npm run build`: the SPA into dist/ and the server into dist-server/, in full. */
import { buildServer, buildSpa } from './build-if-needed.mjs';

await buildSpa();
await buildServer();
