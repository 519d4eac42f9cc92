/**
 * Staff accounts, sessions and the login throttle, shared by the login routes and the
 * session check of every /api route (`app.requireSession`, an onRequest hook).
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_REQUIRED_MESSAGE } from '#contract/access';
import { SESSION_CHALLENGE } from '#contract/http';
import { failureEpisodes } from '../background/background-tasks.ts';
import type { AppConfig } from '../config.ts';
import { LoginThrottle, type LoginThrottleOptions, type LoginThrottling } from '../auth/login-throttle.ts';
import { OWASP_SCRYPT_PARAMS, type ScryptParams } from '../auth/password.ts';
import { clearedSessionCookie, SESSION_COOKIE } from '#contract/http';
import { readSessionToken } from '../auth/session-cookie.ts';
import { createSessions, type Session, type Sessions } from '../auth/sessions.ts';
import { SharedLoginThrottle } from '../auth/shared-login-throttle.ts';
import { createStaffAccounts, type StaffAccounts } from '../auth/staff-accounts.ts';
import { createStaffManagement, type StaffManagement } from '../auth/staff-management.ts';
import { createAuditTrail, type AuditTrail } from '../audit/audit-trail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    staffAccounts: StaffAccounts;
    /** The staff page, sign-in links and My account's password (issue 28). */
    staffManagement: StaffManagement;
    sessions: Sessions;
    loginThrottle: LoginThrottling;
    /** onRequest hook: 401 unless the request carries a live session, which it then sets. */
    requireSession: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
    auditTrail: AuditTrail;
  }
  interface FastifyRequest {
    /** The staff session, set by `requireSession` on /api routes. */
    session: Session | null;
  }
}

export type AuthPluginOptions = {
  session: { idleMinutes: number; maxHours: number };
  loginThrottle: AppConfig['loginThrottle'];
  passwordHashing?: ScryptParams;
  clock: () => number;
};

/** How often expired sessions are swept out (each is also refused and deleted when presented). */
const PURGE_INTERVAL_MS = 15 * 60_000;

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const { clock } = options;
    const hashing = options.passwordHashing ?? OWASP_SCRYPT_PARAMS;
    const sessions = createSessions(app.db, app.dbEngine, {
      idleMs: options.session.idleMinutes * 60_000,
      absoluteMs: options.session.maxHours * 3_600_000,
      clock,
      backgroundWrites: failureEpisodes(app.log, 'Recording a session’s use'),
    });

    const staffAccounts = createStaffAccounts(app.db, { hashing, clock });
    await staffAccounts.dummyPasswordHash();
    app.decorate('staffAccounts', staffAccounts);
    app.decorate('sessions', sessions);
    const staffManagement = createStaffManagement(app.db, { sessions, hashing, clock });
    app.decorate('staffManagement', staffManagement);
    const throttleOptions: LoginThrottleOptions = {
      maxFailuresPerAccount: options.loginThrottle.maxFailuresPerAccount,
      maxFailuresPerAddress: options.loginThrottle.maxFailuresPerAddress,
      windowMs: options.loginThrottle.windowMinutes * 60_000,
      ...(options.loginThrottle.maxConcurrentChecks ? { maxConcurrentChecks: options.loginThrottle.maxConcurrentChecks } : {}),
      clock,
    };
    // One process on SQLite counts in memory; instances on PostgreSQL count in the database, together.
    const sharedThrottle =
      app.dbEngine.kind === 'postgres'
        ? new SharedLoginThrottle(app.db, {
            ...throttleOptions,
            report: failureEpisodes(app.log, 'Recording a login attempt'),
          })
        : undefined;
    app.decorate<LoginThrottling>('loginThrottle', sharedThrottle ?? new LoginThrottle(throttleOptions));
    app.decorateRequest('session', null);

    function refuse(request: FastifyRequest, reply: FastifyReply): void {
      // A cookie the server no longer honours is cleared, so the browser stops sending it.
      if (request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) {
        reply.header('set-cookie', clearedSessionCookie(request.protocol === 'https'));
      }
      reply.code(401).header('www-authenticate', SESSION_CHALLENGE).send({ message: SESSION_REQUIRED_MESSAGE });
    }

    // A callback hook: a session the server already knows (most requests) is checked
    // synchronously, without a query or a promise; only the others wait for the database.
    app.decorate('requireSession', function requireSession(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
      const token = readSessionToken(request.headers.cookie);
      if (token === undefined) return refuse(request, reply);
      const known = sessions.resumeFromMemory(token);
      if (known) {
        request.session = known;
        return done();
      }
      sessions.resume(token).then((session) => {
        if (!session) return refuse(request, reply);
        request.session = session;
        done();
      }, done);
    });

    app.decorate('auditTrail', createAuditTrail(app.db, clock));

    const purgeSessions = app.backgroundTasks.every('Purging expired sessions', PURGE_INTERVAL_MS, () => sessions.purgeExpired());
    app.backgroundTasks.every('Purging expired sign-in links', PURGE_INTERVAL_MS, () => staffManagement.purgeExpiredLinks());
    if (sharedThrottle) app.backgroundTasks.every('Purging old login attempts', PURGE_INTERVAL_MS, () => sharedThrottle.purgeExpired());
    await purgeSessions();
  },
  { name: 'auth', dependencies: ['background-tasks', 'database'] },
);
