/** Passkeys (issue 30): the WebAuthn service for the routes, and the purge of expired challenges. */
import fp from 'fastify-plugin';
import { createPasskeys, type Passkeys } from '../auth/passkeys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    passkeys: Passkeys;
  }
}

/** Challenges expire in PASSKEY_CHALLENGE_MINUTES (and are refused then); the rows go this often. */
const PURGE_INTERVAL_MS = 15 * 60_000;

export const passkeysPlugin = fp<{ publicOrigin: string | null; clock: () => number }>(
  async (app, options) => {
    const passkeys = createPasskeys(app.db, options);
    app.decorate('passkeys', passkeys);
    app.backgroundTasks.every('Purging expired passkey challenges', PURGE_INTERVAL_MS, async () => {
      await passkeys.purgeExpiredChallenges();
    });
  },
  { name: 'passkeys', dependencies: ['background-tasks', 'database'] },
);
