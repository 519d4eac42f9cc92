/** `npm run build:mock`: the SPA with msw into dist-mock/, for a tester's machine or a demo (never what the server serves). */
import { buildMockSpa } from './build-if-needed.mjs';

await buildMockSpa();
